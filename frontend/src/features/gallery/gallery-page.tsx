import { PageFrame } from '../../components/page-frame';

export default function GalleryPage() {
  return <PageFrame />;
}
