import type { ArtworkIcon } from '../modules/rewards/reward-artwork.ts';

/** The demo catalogue: five categories, forty items (points ≈ rands; randValue in cents). */
export interface SeedCategory {
  slug: string;
  name: string;
  icon: ArtworkIcon;
}

export interface SeedReward {
  category: string;
  name: string;
  description: string;
  pointsCost: number;
  randValue: number;
  fulfilment: 'voucher' | 'delivery' | 'donation';
  /** Delivery items: units in stock (absent = not limited). Vouchers: codes in the pool. */
  stock?: number;
  memberLimit?: number;
  /** Voucher code prefix. */
  codePrefix?: string;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  { slug: 'vouchers', name: 'Gift Vouchers', icon: 'voucher' },
  { slug: 'electronics', name: 'Electronics', icon: 'electronics' },
  { slug: 'experiences', name: 'Experiences', icon: 'experience' },
  { slug: 'home', name: 'Home & Living', icon: 'home' },
  { slug: 'charity', name: 'Charity Donations', icon: 'charity' },
];

const voucher = (name: string, rands: number, prefix: string, description: string, stock = 25, memberLimit?: number) =>
  ({
    category: 'vouchers',
    name,
    description,
    pointsCost: rands,
    randValue: rands * 100,
    fulfilment: 'voucher',
    stock,
    memberLimit,
    codePrefix: prefix,
  }) satisfies SeedReward;

const experience = (
  name: string,
  rands: number,
  prefix: string,
  description: string,
  stock = 10,
  memberLimit?: number,
) =>
  ({ ...voucher(name, rands, prefix, description, stock, memberLimit), category: 'experiences' }) satisfies SeedReward;

const delivered = (
  category: string,
  name: string,
  rands: number,
  description: string,
  stock?: number,
  memberLimit?: number,
): SeedReward => ({
  category,
  name,
  description,
  pointsCost: Math.round(rands * 1.05),
  randValue: rands * 100,
  fulfilment: 'delivery',
  stock,
  memberLimit,
});

const donation = (name: string, rands: number, description: string): SeedReward => ({
  category: 'charity',
  name,
  description,
  pointsCost: rands,
  randValue: rands * 100,
  fulfilment: 'donation',
});

export const SEED_REWARDS: SeedReward[] = [
  voucher('Takealot R250 Gift Voucher', 250, 'TKL', 'Spend it on anything at takealot.com. Valid for three years.'),
  voucher('Takealot R500 Gift Voucher', 500, 'TKL', 'Spend it on anything at takealot.com. Valid for three years.'),
  voucher('Woolworths R200 Gift Card', 200, 'WW', 'Food, clothing and homeware at any Woolworths store.'),
  voucher('Checkers R300 Voucher', 300, 'CHK', 'Groceries at Checkers and Checkers Sixty60.'),
  voucher('Pick n Pay R250 Voucher', 250, 'PNP', 'Use it in store or online at Pick n Pay.'),
  voucher('Uber Eats R150 Voucher', 150, 'UBE', 'Dinner is on us: redeem in the Uber Eats app.', 25, 2),
  voucher('Netflix R199 Gift Card', 199, 'NFX', 'One month of Netflix Standard.', 3),
  voucher('Spotify Premium 3 Months', 180, 'SPT', 'Three months of ad-free music and podcasts.'),
  voucher('Mr Price R300 Gift Card', 300, 'MRP', 'Fashion, home and sport at any Mr Price store.'),
  voucher("Nando's R150 Voucher", 150, 'NAN', 'Flame-grilled PERi-PERi chicken at any Nando’s in South Africa.'),
  delivered(
    'electronics',
    'Bluetooth Earbuds',
    899,
    'True wireless earbuds with a charging case and 24 hours of play.',
    5,
  ),
  delivered('electronics', 'Smart Watch', 2499, 'Heart rate, sleep and step tracking; a week of battery.', 3, 1),
  delivered('electronics', 'Portable Speaker', 1299, 'Waterproof speaker with 12 hours of sound.', 8),
  delivered('electronics', 'Power Bank 20 000 mAh', 449, 'Charges a phone four times; USB-C in and out.'),
  delivered('electronics', 'Wireless Mouse', 349, 'Quiet clicks, two-year battery life.'),
  delivered('electronics', 'Kindle Paperwhite', 2799, 'Glare-free reading light, weeks of battery.', 2, 1),
  delivered('electronics', 'USB-C Hub', 599, 'HDMI, three USB ports and a card reader for your laptop.'),
  delivered(
    'electronics',
    'Noise-Cancelling Headphones',
    3999,
    'Over-ear headphones that switch off the open-plan office.',
    1,
    1,
  ),
  experience('Spa Day for One', 1200, 'SPA', 'A full day at a partner spa: massage, facial and lunch.', 5),
  experience('Stellenbosch Wine Tasting for Two', 650, 'WIN', 'Tastings at three estates with a cheese platter.'),
  experience('Table Mountain Cableway Return', 420, 'TMC', 'Two return tickets up Table Mountain.'),
  experience('Ster-Kinekor Movie for Two', 240, 'STK', 'Two 2D tickets, popcorn and drinks.', 20, 4),
  experience('Cooking Class', 850, 'COK', 'Three hours with a chef, then dinner with what you made.'),
  experience('Hot Air Balloon Flight', 3500, 'BAL', 'A sunrise flight over the Magaliesberg with breakfast.', 2, 1),
  experience('Go-Karting Session', 380, 'KRT', 'Thirty minutes on an indoor track.'),
  experience('Sunset Harbour Cruise', 550, 'CRZ', 'A 90-minute cruise from the V&A Waterfront.'),
  delivered('home', 'Coffee Plunger Set', 399, 'A one-litre glass plunger and two double-walled mugs.'),
  delivered('home', 'Braai Tool Set', 649, 'Stainless steel tongs, spatula and fork in a canvas roll.', 10),
  delivered('home', 'Scented Candle Trio', 299, 'Fynbos, rooibos and vanilla soy candles.'),
  delivered('home', 'Knitted Throw Blanket', 549, 'A cotton throw for winter evenings.'),
  delivered('home', 'Chef’s Knife', 799, 'A 20 cm German steel chef’s knife.', 6, 1),
  delivered('home', 'Indoor Plant and Pot', 349, 'A low-maintenance fiddle-leaf fig in a ceramic pot.'),
  delivered('home', 'Picnic Basket for Two', 699, 'Plates, glasses and cutlery in a wicker basket.'),
  delivered('home', 'Air Fryer', 1499, 'A four-litre air fryer with six presets.', 4),
  donation('Gift of the Givers', 100, 'Disaster relief and humanitarian aid across Southern Africa.'),
  donation('SPCA', 100, 'Care for abandoned and abused animals.'),
  donation('Reach for a Dream', 250, 'Dreams come true for children with life-threatening illnesses.'),
  donation('FoodForward SA', 200, 'Every R200 provides 200 meals to people in need.'),
  donation('WWF South Africa', 500, 'Protecting South Africa’s oceans, water and wildlife.'),
  donation('Habitat for Humanity SA', 300, 'Safe, decent homes for families in need.'),
];
