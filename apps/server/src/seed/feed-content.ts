/** The firm's behaviours, Home banners, news and mood choices for the demo seed. */
export const BEHAVIOURS = [
  { name: 'Client First', description: 'Puts the client’s success at the heart of every decision.' },
  { name: 'Integrity Always', description: 'Does the right thing, especially when nobody is watching.' },
  { name: 'Stronger Together', description: 'Shares knowledge, lifts the team and wins as one firm.' },
  { name: 'Courage to Challenge', description: 'Speaks up, asks the hard question and offers a better way.' },
  { name: 'Own It', description: 'Takes responsibility from start to finish and follows through.' },
  { name: 'Grow Every Day', description: 'Learns, teaches and helps others reach their potential.' },
  { name: 'Make It Simple', description: 'Cuts through complexity so clients and colleagues can act.' },
  { name: 'Care for Each Other', description: 'Looks after colleagues’ wellbeing as well as the work.' },
];

export const BANNERS = [
  {
    title: 'Recognise someone today',
    text: 'Saw a colleague live our values? Tell them, and the whole firm, with a recognition.',
    linkUrl: '/recognise',
    linkText: 'Recognise now',
    theme: 'teal',
  },
  {
    title: 'A High Five takes ten seconds',
    text: 'Say thank you for the small things that made your week easier.',
    linkUrl: '/high5',
    linkText: 'Send a High Five',
    theme: 'indigo',
  },
  {
    title: 'Pay it forward',
    text: 'Share some of your own Kudos with someone who helped you succeed.',
    linkUrl: '/payitforward',
    linkText: 'Pay it forward',
    theme: 'grape',
  },
  {
    title: 'How was your day?',
    text: 'A daily check-in takes one click and helps us look after each other.',
    linkUrl: '/dailycheckincalendar',
    linkText: 'See my check-ins',
    theme: 'cyan',
  },
  {
    title: 'Wellbeing month',
    text: 'Free sessions on sleep, stress and money habits all month long. Bring a colleague.',
    linkUrl: '/wellbeing',
    linkText: 'Explore wellbeing',
    theme: 'green',
  },
  {
    title: 'Spend your Kudos',
    text: 'Vouchers, experiences and gadgets: the rewards catalogue has been refreshed.',
    linkUrl: '/redeemrewards',
    linkText: 'Browse rewards',
    theme: 'orange',
  },
  {
    title: 'Try your luck on the Game Board',
    text: 'Recognitions you receive earn plays, up to a daily limit. Flip a cap and win instant prizes.',
    linkUrl: '/flipcapgame',
    linkText: 'Play now',
    theme: 'pink',
  },
  {
    title: 'Get to know your colleagues',
    text: 'Theme songs, dream skills and the people behind the job titles.',
    linkUrl: '/gettoknow',
    linkText: 'Meet the firm',
    theme: 'blue',
  },
  {
    title: 'Celebrate with us',
    text: 'Birthdays and work anniversaries happen every day. Send your wishes.',
    linkUrl: '/celebrations',
    linkText: 'Today’s celebrations',
    theme: 'violet',
  },
  {
    title: 'New to Ovation?',
    text: 'Learn how points, recognitions and rewards work in three minutes.',
    linkUrl: '/programmerules',
    linkText: 'How it works',
    theme: 'red',
  },
];

export const NEWS = [
  'Welcome to Ovation, the firm’s new home for recognition and rewards.',
  'Year-end reviews open on 1 December: add your recognitions to your portfolio.',
  'The Johannesburg office canteen reopens on Monday with a new menu.',
  'Congratulations to the Tax team on winning the Regional Tax Firm of the Year award.',
  'Wellbeing month: the Wellbeing page has ideas for a heavy week and says where to find support.',
  'The rewards catalogue now includes experiences and charity donations.',
  'Remember to complete your annual independence confirmation by the end of the month.',
  'Cape Town and Durban offices: the holiday food drive collects until 15 December.',
  'New graduates join us next week: say hello and send them a High Five.',
  'Game Board prizes have been topped up for the festive season.',
];

export const MOOD_DESCRIPTIONS = [
  { value: 1, description: 'Happy' },
  { value: 2, description: 'Okay' },
  { value: 3, description: 'Unhappy' },
];
