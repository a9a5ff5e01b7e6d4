import { PageFrame } from '../../components/page-frame';

export default function DreamPage() {
  return <PageFrame />;
}
