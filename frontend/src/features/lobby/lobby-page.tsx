import { useEffect } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { PageFrame } from '../../components/page-frame';
import { selectToken } from '../../store/session-selectors';
import { useAppDispatch, useAppSelector } from '../../store/store-hooks';
import { LobbyForm } from './lobby-form';
import { selectLobbySignedIn } from './lobby-selectors';
import { lobbyLeft } from './lobby-slice';

export default function LobbyPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectLobbySignedIn);
  const token = useAppSelector(selectToken);

  useEffect(
    () => () => {
      dispatch(lobbyLeft());
    },
    [dispatch],
  );

  // Only a sign-in made here moves on: a member who opens /lobby while signed in still sees it.
  if (signedIn && token) return <Navigate to="/matrix" replace />;

  return (
    <PageFrame>
      <Paper sx={{ width: { xs: '93%', lg: '50%' }, mx: 'auto', p: { xs: '1.5rem', sm: '2rem' }, borderRadius: '1.5rem' }}>
        <Typography variant="h5" component="p" sx={{ mb: '1.5rem' }}>
          Welcome to the Matrix Network, the social network for AI/ML professionals!
        </Typography>
        <LobbyForm />
      </Paper>
    </PageFrame>
  );
}
