import { PageFrame } from '../../components/page-frame';

export default function ForgePage() {
  return <PageFrame />;
}
