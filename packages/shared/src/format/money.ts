/**
 * Money formats of spec §9: symbol R before the amount, 2 decimals, period as the decimal
 * separator, a space between thousands. Variants: credit/debit suffix, negatives in
 * brackets, no symbol. Amounts are in major units (rands); see docs/decisions/0006.
 */
export interface MoneyFormatOptions {
  symbol?: string;
  decimals?: number;
  /** 'CR' for amounts >= 0 and 'DR' for negatives, after the amount. */
  creditDebit?: boolean;
  /** Negatives as (R 12.00) instead of -R 12.00. */
  bracketNegatives?: boolean;
  noSymbol?: boolean;
}

export const DEFAULT_CURRENCY_SYMBOL = 'R';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function formatMoney(value: number | string | null | undefined, options: MoneyFormatOptions = {}): string {
  const decimals = options.decimals ?? 2;
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(amount) ? amount : 0;
  const negative = safe < 0 && Math.abs(safe) >= 0.5 / 10 ** decimals;
  const [whole = '0', fraction] = Math.abs(safe).toFixed(decimals).split('.');
  const number = fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  const symbol = options.noSymbol ? '' : `${options.symbol ?? DEFAULT_CURRENCY_SYMBOL} `;
  const body = `${symbol}${number}`;

  if (options.creditDebit) return `${body} ${negative ? 'DR' : 'CR'}`;
  if (!negative) return body;
  return options.bracketNegatives ? `(${body})` : `-${body}`;
}

/** Points are whole numbers with the same thousands grouping, no symbol and no decimals. */
export function formatPoints(value: number | null | undefined): string {
  return formatMoney(value ?? 0, { noSymbol: true, decimals: 0 });
}
