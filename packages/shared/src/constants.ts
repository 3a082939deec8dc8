/** Business constants of spec §9 shared by server and web. */
export const CELL_NUM_MIN_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const MESSAGE_BOX_BASE_Z_INDEX = 10000;
export const TOAST_DELAY_MS = 5000;
export const LOGOUT_DELAY_MS = 500;
export const HOME_CACHE_MS = 5 * 60 * 1000;
export const KUDOS_FIRST_PAGE = 1;
export const KUDOS_SCROLL_TRIGGER_PX = 100;
export const KUDOS_MIN_LOAD_INTERVAL_MS = 100;
export const BANNER_INTERVAL_MS = 5000;
export const BANNER_SLIDES = 10;
export const GET_TO_KNOW_INTERVAL_MS = 4500;
export const GET_TO_KNOW_DEBOUNCE_MS = 500;
export const GET_TO_KNOW_TEXT_CUT = 25;
export const TICKER_PX_PER_SECOND = 50;
export const MOOD_MIN = 1;
export const MOOD_MAX = 3;
export const DEFAULT_PROFILE_PIC_ID = 'nopic';
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const NOT_AVAILABLE_IN_COUNTRY = 'Not Available in your Country';
/** Content keys the footer modals load with isCache true. */
export const CONTENT_KEY_TERMS = 'terms';
export const CONTENT_KEY_PRIVACY = 'Privacy';

/** The largest page a report query answers (the report table's biggest page, the chart's reads). */
export const REPORT_MAX_PAGE_SIZE = 200;
