import { useParams } from 'react-router';
import { ContentView } from './components/content-view.tsx';

/** /:contentKey: the catch-all content page (spec §2). */
export default function ContentPage() {
  const { contentKey = '' } = useParams();
  return <ContentView contentKey={contentKey} />;
}
