import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TradeDisputes } from '../components/trade-disputes';

/** /admin: visitors and non-admins are told why they cannot see it (spec section 2). */
export function AdminPage() {
  const user = useCurrentUser();
  if (!user) return <AdminRefusal title="Admin" message="Please log in to access the admin panel." />;
  if (!user.isAdmin) {
    return <AdminRefusal title="Access Denied" message="You don't have admin privileges to access this page." />;
  }
  return <AdminDashboard />;
}

function AdminDashboard() {
  useDocumentTitle('Admin');
  return (
    <>
      <h1 className="text-3xl font-bold">Admin</h1>
      {/* The spec's five tabs come with the admin panel's own piece of work. */}
      <p className="mt-4 text-ink-muted">
        The users, points, manufacturers, settings and activity tabs are being built.
      </p>
      <TradeDisputes />
    </>
  );
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
