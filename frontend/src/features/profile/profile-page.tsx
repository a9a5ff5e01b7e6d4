import { PageFrame } from '../../components/page-frame';

export default function ProfilePage() {
  return <PageFrame />;
}
