/**
 * Why a member cannot cancel an order holding a voucher: its codes are shown and e-mailed at
 * checkout, so they count as delivered (the server's refusal and My Orders' note). Kept free of
 * zod so My Orders can show it without loading the schema library.
 */
export const VOUCHER_ORDER_NOT_CANCELLABLE =
  'Voucher codes are issued as soon as you order, so this order cannot be cancelled. If a code does not work, please contact us.';
