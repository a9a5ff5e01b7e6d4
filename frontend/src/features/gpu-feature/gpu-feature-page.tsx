import { PageFrame } from '../../components/page-frame';

export default function GpuFeaturePage() {
  return <PageFrame />;
}
