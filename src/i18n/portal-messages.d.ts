/** The message parts of each language (vite.config.ts, docs/decisions/020). */
declare module 'virtual:portal-messages' {
  import type { Messages } from './language';

  export const loaders: Partial<Record<string, Partial<Record<string, () => Promise<{ default: Messages }>>>>>;
}
