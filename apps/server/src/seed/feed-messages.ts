/** Kudos messages for the demo seed, by kind ('{name}' is the recipient's first name). */
export const RECOGNITION_MESSAGES: Record<string, string[]> = {
  'Client First': [
    'Thank you {name} for staying late to get the client’s board pack out on time. They noticed.',
    '{name}, the client called to say how clear your findings were. That is client first in action.',
    'You turned a difficult client meeting into a real conversation, {name}. Brilliant work.',
  ],
  'Integrity Always': [
    '{name}, thank you for raising the issue in the file even though it meant more work for all of us.',
    'Your honesty with the client about the delay built more trust than any deadline could, {name}.',
    'Thank you {name} for always doing the right thing, even when it is the harder path.',
  ],
  'Stronger Together': [
    '{name} jumped in to help our team over the reporting deadline without being asked. Thank you!',
    'Thanks {name} for sharing your templates with the whole division. You saved us days.',
    'Your coaching of the new trainees this month has made the whole team stronger, {name}.',
  ],
  'Courage to Challenge': [
    '{name}, you questioned the assumption nobody else did, and you were right. Thank you.',
    'Thank you for pushing back on the scope, {name}. The engagement is better for it.',
    'It took courage to suggest a new approach in front of the partners, {name}. Well done.',
  ],
  'Own It': [
    '{name} took the tax migration from start to finish and delivered it without a hitch.',
    'When the system went down you owned the fix and kept everyone informed, {name}. Thank you.',
    'Thank you {name} for following up on every open point until the file was closed.',
  ],
  'Grow Every Day': [
    'Congratulations on passing your board exam, {name}! All those early mornings paid off.',
    '{name}, thank you for running the lunchtime data analytics sessions. I learnt so much.',
    'You took on the new audit tool and now you teach it to everyone, {name}. Inspiring.',
  ],
  'Make It Simple': [
    '{name} turned a 60-page report into a two-page summary the client actually read. Genius.',
    'Thank you for simplifying the onboarding checklist, {name}. New joiners love it.',
    'Your dashboard made a messy data set easy to understand, {name}. Thank you!',
  ],
  'Care for Each Other': [
    'Thank you {name} for checking in on me during a tough week. It meant a lot.',
    '{name} organised meals for a colleague’s family when they needed it most. Thank you.',
    'You always notice when someone is struggling, {name}, and you make time for them.',
  ],
};

export const HIGH_FIVE_MESSAGES = [
  'High five, {name}! Thanks for the quick turnaround today.',
  'Thanks for the coffee and the pep talk, {name}.',
  'Great presentation this morning, {name}!',
  'Thank you for covering for me while I was out, {name}.',
  'You made that workshop fun, {name}. High five!',
  'Thanks for answering all my questions with such patience, {name}.',
  'Brilliant work on the proposal, {name}.',
  'Thanks for fixing my spreadsheet in five minutes flat, {name}!',
  'Well done on closing the file ahead of schedule, {name}.',
  'Thank you for the warm welcome to the team, {name}.',
];

export const PAY_IT_FORWARD_MESSAGES = [
  'Paying it forward to {name}, who helped me through my first year-end.',
  '{name}, you shared your Kudos with me last month. Now it is your turn to receive.',
  'Sharing my Kudos with {name} for always going the extra mile for the team.',
];
