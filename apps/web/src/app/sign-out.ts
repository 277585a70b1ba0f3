import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../features/auth/api/logout';

/**
 * Logs out and goes to /login (SPEC 2). For a click: logout never rejects (local data is cleared even when
 * the server call fails), so there is no failure to report.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void logout().then(() => navigate('/login', { replace: true }));
  }, [navigate]);
}
