import { PageFrame } from '../../components/page-frame';

export default function ProjectPage() {
  return <PageFrame />;
}
