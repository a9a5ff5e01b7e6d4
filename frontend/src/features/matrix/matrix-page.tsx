import { PageFrame } from '../../components/page-frame';

export default function MatrixPage() {
  return <PageFrame />;
}
