import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The admin pages: visitors and non-admins are told why they cannot see them (docs/product/administration.md#admin-calls). */
export function AdminGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <AdminRefusal title="Admin" message="Please log in to access the admin panel." />;
  if (!user.isAdmin) {
    return <AdminRefusal title="Access Denied" message="You don't have admin privileges to access this page." />;
  }
  return <>{children}</>;
}

function AdminRefusal({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">{message}</p>
    </>
  );
}
