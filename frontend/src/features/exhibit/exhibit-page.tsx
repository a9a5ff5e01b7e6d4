import { PageFrame } from '../../components/page-frame';

export default function ExhibitPage() {
  return <PageFrame />;
}
