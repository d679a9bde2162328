/**
 * The portal's pages (SPEC §2 route table), each defined once: its pattern and who may see it.
 * The router's table (src/app/router.tsx), every link and navigation target (`paths`), the
 * pages a login may lead back to (src/domain/return-target.ts) and the prerendered pages come from
 * here.
 */

/** Who may see a page: visitors only, logged-in customers only, or both. */
export type Access = 'public' | 'loggedIn' | 'either';

export const routes = {
  login: { pattern: '/login/:message?', access: 'public' },
  register: { pattern: '/register', access: 'public' },
  reset: { pattern: '/reset', access: 'public' },
  newPassword: { pattern: '/newpassword', access: 'public' },
  waiting: { pattern: '/waiting', access: 'public' },
  dashboard: { pattern: '/dashboard', access: 'loggedIn' },
  company: { pattern: '/company', access: 'loggedIn' },
  tutorial: { pattern: '/tutorial', access: 'loggedIn' },
  encryption: { pattern: '/encryption', access: 'loggedIn' },
  notifications: { pattern: '/notifications', access: 'loggedIn' },
  contact: { pattern: '/contact', access: 'loggedIn' },
  security: { pattern: '/security', access: 'loggedIn' },
  datastore: { pattern: '/datastore/:name?', access: 'loggedIn' },
  alerts: { pattern: '/alerts', access: 'loggedIn' },
  shop: { pattern: '/shop/:id?', access: 'public' },
  ishop: { pattern: '/ishop/:id?', access: 'loggedIn' },
  orderDone: { pattern: '/order_done', access: 'either' },
} as const satisfies Record<string, { pattern: string; access: Access }>;

export type RouteName = keyof typeof routes;

function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(routes, name);
}

/** Every route's name, in the order of the table above (the router tries them in that order). */
export const routeNames: readonly RouteName[] = Object.keys(routes).filter(isRouteName);

/** A pattern's one optional parameter at its end (`/shop/:id?`). */
const optionalParameter = /\/:\w+\?$/;

/** The address of a page: its pattern, with the optional parameter filled in or left out. */
function address(name: RouteName, parameter?: string | number): string {
  const { pattern } = routes[name];
  return pattern.replace(optionalParameter, parameter === undefined ? '' : `/${encodeURIComponent(parameter)}`);
}

/** Every address the portal links or navigates to. */
export const paths = {
  landing: () => '/',
  login: (message?: string) => address('login', message),
  register: () => address('register'),
  reset: () => address('reset'),
  newPassword: () => address('newPassword'),
  waiting: () => address('waiting'),
  dashboard: () => address('dashboard'),
  company: () => address('company'),
  tutorial: () => address('tutorial'),
  encryption: () => address('encryption'),
  notifications: () => address('notifications'),
  contact: () => address('contact'),
  security: () => address('security'),
  datastore: (name?: string) => address('datastore', name),
  alerts: () => address('alerts'),
  shop: (id?: number) => address('shop', id),
  ishop: (id?: number) => address('ishop', id),
  orderDone: () => address('orderDone'),
} satisfies Record<RouteName | 'landing', (...args: never[]) => string>;

/**
 * The addresses a pattern stands for, as a regular expression: a trailing slash is tolerated, and
 * the optional parameter is any one segment unless `parameter` says what it must be.
 */
export function routeMatcher(name: RouteName, parameter = '[^/]+'): RegExp {
  const { pattern } = routes[name];
  const base = pattern.replace(optionalParameter, '');
  const tail = optionalParameter.test(pattern) ? `(\\/${parameter})?` : '';
  return new RegExp(`^${base}${tail}\\/?$`);
}

/**
 * The reads each page starts with (the first GETs of its machines), which the app starts as soon as
 * it knows the route, beside the page's code (src/api/transport.ts, issue 41). The pages of a
 * logged-in customer read only with a login.
 */
const firstReads: Partial<Record<RouteName, readonly string[]>> = {
  dashboard: ['/status', '/company'],
  tutorial: ['/status'],
  company: ['/company'],
  datastore: ['/status'],
  shop: ['/licences'],
  ishop: ['/licences'],
};

/** The first reads of the page at `path`: none for an unknown path or a page the visitor may not see. */
export function firstReadsAt(path: string, loggedIn: boolean): readonly string[] {
  const name = routeNames.find((candidate) => routeMatcher(candidate).test(path));
  if (name === undefined || (routes[name].access === 'loggedIn' && !loggedIn)) return [];
  return firstReads[name] ?? [];
}
