import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ContentView, forReader, withoutRepeatedTitle } from './content-view.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const post = vi.mocked(api.post);

describe('ContentView', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it('shows the title as the heading and the sanitized HTML', async () => {
    post.mockResolvedValue({ title: 'FAQs', content: '<p>Hello</p><img src="x" onerror="alert(1)">' });
    const { container } = render(<ContentView contentKey="faqs" />, { wrapper });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('FAQs');
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(container.innerHTML).not.toContain('onerror');
    expect(post).toHaveBeenCalledWith(
      '/api/site/getcontentdb',
      { contentKey: 'faqs' },
      expect.objectContaining({ silent: true }),
    );
  });

  it('continues the outline from the page title: the body starts at h2 however it was written', async () => {
    post.mockResolvedValue({ title: 'Terms', content: '<h3>1. Eligibility</h3><p>Staff</p><h4>Note</h4>' });
    render(<ContentView contentKey="terms" />, { wrapper });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('1. Eligibility');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Note');
  });

  it('lets the page replace the title', async () => {
    post.mockResolvedValue({ title: 'Programme rules', content: '<p>Rules</p>' });
    render(<ContentView contentKey="programmerules" title="How it Works" />, { wrapper });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('How it Works');
  });

  it("says 'Invalid Key' for an empty key without calling the server", () => {
    render(<ContentView contentKey="  " />, { wrapper });
    expect(screen.getByText('Invalid Key')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's not-found message with a link home", async () => {
    const message = 'Sorry, we could not find that page.';
    post.mockRejectedValue(new ApiError(message, 404, 'Not Found', { title: 'Not Found', status: 404, message }));
    render(<ContentView contentKey="nope" />, { wrapper });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: /home page/i }).getAttribute('href')).toBe('/');
  });

  it("shows 'Error retrieving content' for any other failure", async () => {
    post.mockRejectedValue(new ApiError('A network connection error has occured.', 0));
    render(<ContentView contentKey="faqs" />, { wrapper });
    expect(await screen.findByText('Error retrieving content')).toBeTruthy();
  });

  it('drops a leading heading that repeats the page title', () => {
    expect(withoutRepeatedTitle('<h2>How it Works</h2><ol><li>x</li></ol>', ['How it Works'])).toBe(
      '<ol><li>x</li></ol>',
    );
    expect(withoutRepeatedTitle(' <h1 class="t">faqs </h1><p>a</p>', ['', 'FAQs'])).toBe('<p>a</p>');
    expect(withoutRepeatedTitle('<p>How it Works</p>', ['How it Works'])).toBe('<p>How it Works</p>');
    expect(withoutRepeatedTitle('<h2>Other</h2>', ['How it Works (2)'])).toBe('<h2>Other</h2>');
  });
});

describe('forReader (decision 0099)', () => {
  const html =
    '<p>Ovation celebrates the people who make the firm. <span class="signed-out-only">Sign in to recognise a colleague today.</span></p>';

  it('drops what is marked for signed-out visitors when a member reads it', () => {
    expect(forReader(html, true)).toBe('<p>Ovation celebrates the people who make the firm. </p>');
    expect(forReader('<p>Hi</p><p class="note signed-out-only">Log in first</p>', true)).toBe('<p>Hi</p>');
    expect(forReader('<p>Sign in to see more.</p>', true)).toBe('<p>Sign in to see more.</p>');
  });

  it('keeps them for a visitor', () => {
    expect(forReader(html, false)).toBe(html);
  });
});
