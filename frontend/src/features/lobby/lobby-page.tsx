import { PageFrame } from '../../components/page-frame';

export default function LobbyPage() {
  return <PageFrame />;
}
