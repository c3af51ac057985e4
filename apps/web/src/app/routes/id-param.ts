/** A positive integer id from the URL, or null. */
export const idParam = (raw: string | null | undefined): number | null => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : null;
};
