import { ContentView } from './components/content-view.tsx';

/** /faqs: the FAQ content page. */
export default function FaqsPage() {
  return <ContentView contentKey="faqs" />;
}
