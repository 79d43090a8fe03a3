/**
 * The amount a picker label shows, read back as a number (`#7 · Jane · Club · €1,029.50 / month` →
 * 1029.5, `Pro · from 9 · #5` → 9), or undefined when the label shows none.
 */
export function labelAmount(label: string): number | undefined {
  const money = label
    .split(' · ')
    .slice(1)
    .map((part) => part.split(' / ')[0] ?? '')
    .find((part) => /^(from )?[^\d\s#]{0,3}[\d,]+(\.\d{2})?$/.test(part));
  if (money === undefined) return undefined;
  return Number(money.replace(/^from /, '').replace(/[^\d.]/g, ''));
}
