import { PageFrame } from '../../components/page-frame';

export default function VideoPlayerPage() {
  return <PageFrame />;
}
