/** Content pages of the demo firm (HTML is sanitized on insert like any other write). */
export const CONTENT_PAGES: { key: string; title: string; audience: 'public' | 'members'; content: string }[] = [
  {
    key: 'terms',
    title: 'Terms and Conditions',
    audience: 'public',
    content: `<p>Ovation is the firm's recognition and rewards programme. By using the portal you agree to these terms.</p>
<h3>1. Eligibility</h3><p>Permanent and fixed-term staff of the firm who appear in the member database may take part.</p>
<h3>2. Points</h3><p>Kudos points have no cash value, cannot be transferred outside the programme and cannot be used once you leave the firm. Points shared through Pay It Forward come from your own balance.</p>
<h3>3. Rewards</h3><p>Rewards are available to members in South Africa. Rewards are subject to stock and may be substituted with a reward of similar value.</p>
<h3>4. Fair use</h3><p>Recognition must be genuine. The programme team may look into recognition that seems to breach these terms, and may suspend a member's access to the programme.</p>
<h3>5. Changes</h3><p>The firm may change the programme with notice on this portal.</p>`,
  },
  {
    key: 'privacy',
    title: 'Privacy Policy',
    audience: 'public',
    content: `<p>We process your name, division, contact details, birth date and start date to run the recognition programme, show celebrations and deliver rewards.</p>
<h3>What we share</h3><p>Your name, division, picture and the recognition you give and receive are visible to colleagues. Colleagues see the day of your birthday (never the year) in Celebrations, unless you hide it in your preferences; the programme's report administrators can see your full birth date.</p>
<h3>Cookies</h3><p>Mandatory cookies keep you signed in, protect forms and recognise a browser you have signed in from before, so that failed sign-ins elsewhere cannot lock you out. Functional storage keeps your Home page's data in your browser tab for five minutes, so Home opens at once when you come back; turn it off and Home is always read afresh. You can change your choice with <em>Manage Privacy</em> at the bottom of every page.</p>
<h3>Your rights</h3><p>You may ask to see or correct your information through <em>Contact Us</em>.</p>`,
  },
  {
    key: 'faqs',
    title: 'Frequently Asked Questions',
    audience: 'members',
    content: `<h3>How do I recognise a colleague?</h3><p>Choose <strong>Recognise</strong>, pick one or more colleagues, the behaviour they showed, and write a message.</p>
<h3>What is a High Five?</h3><p>A personal note of appreciation without points. It appears in the Kudos Thread.</p>
<h3>What is Pay It Forward?</h3><p>Members in South Africa can share part of their own Kudos points with a colleague in South Africa, up to a daily limit set by the programme. The Pay It Forward form shows how many you can still give today.</p>
<h3>How do I earn game plays?</h3><p>Being recognised earns plays on the Game Board (South Africa), where you can win points: the Game Board says how many plays a recognition earns, and the most you can earn in a day.</p>
<h3>Why must I complete my profile?</h3><p>Your e-mail address is how you sign in and receive notifications, and your cell number lets the programme team reach you, for example about a reward.</p>`,
  },
  {
    key: 'programmerules',
    title: 'How it Works',
    audience: 'members',
    content: `<ol><li><strong>Recognise</strong> colleagues who live the firm's behaviours. Managers can add points from their team budget when they recognise members of their team.</li>
<li><strong>Send a High Five</strong> to say thank you in your own words.</li>
<li><strong>Pay it Forward</strong> by sharing some of your own Kudos (South Africa).</li>
<li><strong>Play the Game Board</strong> with the plays you earn to win more Kudos (South Africa).</li>
<li><strong>Redeem</strong> your Kudos for rewards in the catalogue (South Africa).</li>
<li><strong>Check in</strong> every day with how you feel, so we can look after the team's wellbeing.</li></ol>`,
  },
  {
    key: 'aboutus',
    title: 'About Ovation',
    audience: 'public',
    content: `<p>Ovation celebrates the people who make the firm what it is. <span class="signed-out-only">Sign in to recognise a colleague today.</span></p>`,
  },
  {
    key: 'wellbeing',
    title: 'Wellbeing',
    audience: 'members',
    content: `<p>How you feel matters. Your daily check-in helps you notice patterns, and helps the firm see how teams are doing. Reports show moods only in aggregate: never a group of fewer than five members, and never before the day or week is over.</p>
<h3>When the week is heavy</h3><ul><li>Talk to your manager or a colleague you trust; a short walk and a conversation help more than you expect.</li><li>Block focus time in your calendar and protect your lunch break.</li><li>Use your leave: rest is part of doing good work.</li></ul>
<h3>Support</h3><p>If something is weighing on you, Human Capital can tell you what confidential support the firm offers and how to reach it.</p>
<h3>Recognise someone today</h3><p>Appreciation lifts both people. Send a High Five to a colleague who made your day easier.</p>`,
  },
];
