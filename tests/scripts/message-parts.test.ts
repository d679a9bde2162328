import { describe, expect, it } from 'vitest';
import {
  corePart,
  pagesOf,
  piecesOf,
  partitionMessages,
  partitionProject,
  splitMessages,
} from '../../scripts/build/message-parts';

const routes = `
import LandingPage from '../views/landing/landing-page';
const LoginPage = preloadable(() => import('../views/login/login-page'), 'login');
const ShopPage = preloadable(() => import('../views/shop/shop-page'), 'shop');
`;

function sources(files: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries({
      'src/main.tsx': "import { App } from './app/app';\n",
      'src/app/app.tsx': "import { routes } from './router';\nexport const title = 'app.title';\n",
      'src/app/router.tsx': routes,
      'src/views/landing/landing-page.tsx': "export default () => 'landing.heading';\n",
      'src/views/login/login-page.tsx':
        "import { Field } from '../shared/field';\nimport { Notice } from './notice';\nexport default () => 'login.title';\n",
      'src/views/login/notice.ts': "export const Notice = { id: 'login.notice' };\n",
      'src/views/shop/shop-page.tsx':
        "import { Field } from '../shared/field';\nconst Form = () => import('./order-form');\nexport default () => \"shop.title\";\n",
      'src/views/shop/order-form.tsx': 'export default () => `shop.order`;\n',
      'src/views/shared/field.tsx': "export const Field = () => 'field.required';\n",
      ...files,
    }),
  );
}

const ids = [
  'app.title',
  'landing.heading',
  'login.title',
  'login.notice',
  'shop.title',
  'shop.order',
  'field.required',
  'nowhere.named',
];

describe('the split of the messages into parts', () => {
  it('puts a message that the modules of one page alone name into the part of that page, through static and lazy imports', () => {
    const partOf = partitionMessages(ids, sources({}));
    expect(partOf.get('login.title')).toEqual(['login']);
    expect(partOf.get('login.notice')).toEqual(['login']);
    expect(partOf.get('shop.title')).toEqual(['shop']);
    expect(partOf.get('shop.order')).toEqual(['shop']);
  });

  it('keeps in core the messages of the app, of pages it imports itself, and those no module names', () => {
    const partOf = partitionMessages(ids, sources({}));
    expect(partOf.get('app.title')).toEqual([corePart]);
    expect(partOf.get('landing.heading')).toEqual([corePart]);
    expect(partOf.get('nowhere.named')).toEqual([corePart]);
  });

  it('puts a message of a module that two pages share into the part of each, not into core', () => {
    const partOf = partitionMessages(ids, sources({}));
    expect(partOf.get('field.required')).toEqual(['login', 'shop']);
  });

  it('moves the message of a page to core as soon as the app itself imports the module that names it', () => {
    const partOf = partitionMessages(
      ids,
      sources({
        'src/app/app.tsx': "import { Notice } from '../views/login/notice';\nexport const title = 'app.title';\n",
      }),
    );
    expect(partOf.get('login.notice')).toEqual([corePart]);
    expect(partOf.get('login.title')).toEqual(['login']);
  });

  it('adds the part of a second page that names a message too', () => {
    const partOf = partitionMessages(
      ids,
      sources({ 'src/views/shop/order-form.tsx': "export default () => ['shop.order', 'login.title'];\n" }),
    );
    expect(partOf.get('login.title')).toEqual(['login', 'shop']);
  });

  it('refuses a lazy page whose part is not named after its directory', () => {
    expect(() => pagesOf("preloadable(() => import('../views/shop/shop-page'), 'store');")).toThrow(
      /shop-page.*'shop'/,
    );
    expect(() => pagesOf("preloadable(() => import('../views/shop/shop-page'));")).toThrow(/shop-page/);
  });

  it('starts a part at a piece a view loads on demand, and refuses one not named after its directory', () => {
    const views = new Map([
      [
        'src/views/login/login-page.tsx',
        "const Step = preloadable<P>(() => import('../sign-in/second-step'), 'sign-in');",
      ],
      ['src/views/sign-in/second-step.tsx', "export default () => 'x';"],
    ]);
    expect(
      piecesOf('src/views/login/login-page.tsx', views.get('src/views/login/login-page.tsx') ?? '', views),
    ).toEqual([{ module: 'src/views/sign-in/second-step.tsx', part: 'sign-in' }]);
    expect(() =>
      piecesOf(
        'src/views/login/login-page.tsx',
        "preloadable(() => import('../sign-in/second-step'), 'login');",
        views,
      ),
    ).toThrow(/second-step.*'sign-in'/);
  });

  it('gives every message of a language its parts and every page a part, empty or not', () => {
    const messages = Object.fromEntries(ids.map((id) => [id, `text of ${id}`]));
    const split = splitMessages(messages, partitionMessages(ids, sources({})), ['login', 'shop', 'waiting']);
    expect([...split.keys()].sort()).toEqual([corePart, 'login', 'shop', 'waiting']);
    expect(split.get('waiting')).toEqual({});
    expect(split.get('login')).toEqual({
      'login.title': 'text of login.title',
      'login.notice': 'text of login.notice',
      'field.required': 'text of field.required',
    });
    expect(split.get('shop')?.['field.required']).toBe('text of field.required');
    const all = new Set([...split.values()].flatMap((part) => Object.keys(part)));
    expect([...all].sort()).toEqual([...ids].sort());
    expect(Object.keys(split.get(corePart) ?? {}).sort()).toEqual(['app.title', 'landing.heading', 'nowhere.named']);
  });

  it('splits the messages of the portal: the landing page, the dashboard and the shop in parts of their own', () => {
    const { partOf, parts } = partitionProject(process.cwd());
    expect(parts).toEqual(
      expect.arrayContaining(['landing', 'login', 'register', 'reset', 'shop', 'dashboard', 'company', 'layout']),
    );
    const idsOf = (part: string) => [...partOf].filter(([, owners]) => owners.includes(part)).map(([id]) => id);
    expect(idsOf('dashboard').length).toBeGreaterThan(20);
    expect(idsOf('shop').length).toBeGreaterThan(20);
    expect(idsOf('landing').length).toBeGreaterThan(5);
    expect(idsOf('dashboard').every((id) => !id.startsWith('landing.'))).toBe(true);
    // What pages share but the app does not show stays out of core, which every first visit loads.
    expect(idsOf('landing')).toEqual(expect.arrayContaining(['landing.title', 'legal.businessOnly', 'legal.plusVat']));
    expect(idsOf(corePart)).not.toContain('legal.businessOnly');
    expect(idsOf(corePart)).not.toContain('field.required');
  });
});
