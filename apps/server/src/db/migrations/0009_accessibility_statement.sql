-- The accessibility statement (issue 15): a public content page at /accessibility, linked from the
-- footer. A migration rather than the demo seed, so every installation has it; an edited page is kept.
INSERT INTO "content_pages" ("key", "title", "audience", "content") VALUES (
  'accessibility',
  'Accessibility Statement',
  'public',
  '<p>Ovation is meant to be usable by every member of the firm, including people who use a keyboard instead of a mouse, a screen reader, magnification or a phone.</p>
<h3>The standard we aim for</h3><p>The Web Content Accessibility Guidelines (WCAG) 2.2, level AA.</p>
<h3>How we test</h3><ul>
<li>axe-core checks run in automated browser journeys (Playwright with Chromium) over every page of the portal for every kind of member and administrator role at a desktop width (1280 pixels), and over every page and every role''s menus at a phone width (390 pixels). A serious or critical finding fails the build.</li>
<li>Keyboard-only journeys recognise a colleague, send a High Five, Pay It Forward, check in on Home, redeem a reward and play the Game Board without a mouse, and check that the keyboard focus is visible.</li>
<li>Moving content (the news ticker and the banner carousel) can be paused, stops while it has keyboard focus or the pointer, and stays still when your device asks for reduced motion.</li>
<li>Lighthouse accessibility audits of the sign-in page and Home.</li>
</ul>
<h3>Known exceptions</h3><p>Automated checks find only some kinds of barrier. Messages and news are written by colleagues and shown as they wrote them. If something in Ovation is hard for you to use, please tell us through <em>Contact Us</em> (or <em>Contact Support</em> before you sign in) and we will help you and fix it.</p>'
) ON CONFLICT ("key") DO NOTHING;
