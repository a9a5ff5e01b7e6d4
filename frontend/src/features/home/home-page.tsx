import { PageFrame } from '../../components/page-frame';

export default function HomePage() {
  return <PageFrame />;
}
