export const hello = (name: string): string => `hi ${name}`;
