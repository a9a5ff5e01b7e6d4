import { PageFrame } from '../../components/page-frame';

export default function BotFolkPage() {
  return <PageFrame />;
}
