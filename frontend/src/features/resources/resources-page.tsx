import { PageFrame } from '../../components/page-frame';

export default function ResourcesPage() {
  return <PageFrame />;
}
