import type { Fulfilment } from '@ovation/shared/schemas/rewards';

export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  voucher: 'Digital voucher',
  delivery: 'Delivery',
  donation: 'Donation',
};

export const FULFILMENT_TEXT: Record<Fulfilment, string> = {
  voucher: 'A voucher code, sent by e-mail and shown on My Orders.',
  delivery: 'Delivered to the address you give at checkout.',
  donation: 'A donation made in your name.',
};

/** Filled badges in shade 9: white text on them is above WCAG AA. */
export const FULFILMENT_COLOURS: Record<Fulfilment, string> = {
  voucher: 'teal.9',
  delivery: 'blue.9',
  donation: 'pink.9',
};
