// Type declarations for the two text packages that ship none.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): Stemmer;
  export function algorithms(): string[];
}

declare module 'stopword' {
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
  const lists: Record<string, string[]>;
  export default lists;
  export const eng: string[];
}
