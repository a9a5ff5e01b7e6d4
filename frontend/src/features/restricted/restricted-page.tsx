import { PageFrame } from '../../components/page-frame';

export default function RestrictedPage() {
  return <PageFrame />;
}
