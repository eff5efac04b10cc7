import { createContext, useContext, type ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

// The club's tabs, on Radix's (keyboard, roles, focus): two looks, one each way tabs are used.
// 'sections' splits a page into parts (Community's posts and activity, My Trades' two sides,
// the admin panel's tabs): words on a line, the chosen one underlined in the brand colour.
// 'filter' narrows a list (Messages' New and Sent, My Listings' statuses): a tinted strip, the
// chosen one on white and underlined. Never colour alone: the chosen tab is underlined too.

type Look = 'sections' | 'filter';

const LookContext = createContext<Look>('sections');

const LIST: Record<Look, string> = {
  sections: 'flex flex-wrap gap-2 border-b-2 border-line',
  filter: 'flex flex-wrap gap-2 rounded-lg bg-brand-50 p-1',
};

const TRIGGER: Record<Look, string> = {
  sections:
    '-mb-0.5 min-h-11 rounded-t-md border-b-4 border-transparent px-4 py-2 text-lg font-semibold text-ink-muted hover:bg-brand-50 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=active]:underline data-[state=active]:underline-offset-4',
  filter:
    'min-h-11 rounded-md px-3 font-semibold text-ink data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:underline data-[state=active]:shadow',
};

export function Tabs({ look = 'sections', ...props }: ComponentProps<typeof TabsPrimitive.Root> & { look?: Look }) {
  return (
    <LookContext.Provider value={look}>
      <TabsPrimitive.Root {...props} />
    </LookContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn(LIST[useContext(LookContext)], className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(TRIGGER[useContext(LookContext)], className)} {...props} />;
}

export const TabsContent = TabsPrimitive.Content;
