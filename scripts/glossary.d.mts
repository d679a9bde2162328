export interface Glossary {
  terms: {
    concept: string;
    chosen: { de: string[]; en: string[] };
    ruledOut: { de: string[]; en: string[] };
  }[];
  allowed: { language: string; phrase: string; only: string[] }[];
}

export function readGlossary(markdown: string): Glossary;

export function checkMessages(
  messages: Record<string, string>,
  language: 'de' | 'en',
  glossary: Glossary,
  source?: string,
): string[];
