import { useState } from 'react';
import type { GalleryItem } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import { PageFrame } from '../../components/page-frame';
import { contentApi, useContent } from '../../store/content-api';
import { GalleryGrid, GalleryGridSkeleton } from './gallery-grid';
import { GalleryViewer } from './gallery-viewer';

/** The gallery of AI-generated images: a grid of thumbnails, each opening the full picture. */
export default function GalleryPage() {
  const gallery = useContent(contentApi.gallery);
  const [viewer, setViewer] = useState<{ item: GalleryItem | null; open: boolean }>({ item: null, open: false });

  return (
    <PageFrame>
      {gallery.status === 'loading' && <GalleryGridSkeleton />}
      {gallery.status === 'error' && (
        <Alert severity="error">The gallery could not be loaded. Please reload the page to try again.</Alert>
      )}
      {gallery.status === 'ready' && (
        <GalleryGrid items={gallery.data} onOpen={(item) => setViewer({ item, open: true })} />
      )}
      <GalleryViewer
        item={viewer.item}
        open={viewer.open}
        onClose={() => setViewer((current) => ({ ...current, open: false }))}
      />
    </PageFrame>
  );
}
