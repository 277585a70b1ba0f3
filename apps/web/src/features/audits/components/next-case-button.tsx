import { Button } from '@mui/material';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { auditQueueQueryOptions } from '../api/get-audit-queue';

/**
 * After deciding a case, straight to the next one: the oldest case of the queue's first page that nobody
 * has taken (asked afresh: others take cases all the time), or back to the queue when there is none.
 */
export function NextCaseButton({ currentId }: { currentId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [looking, setLooking] = useState(false);

  const next = async () => {
    setLooking(true);
    try {
      const queue = await queryClient.fetchQuery({ ...auditQueueQueryOptions('claim=unclaimed&pageSize=25'), staleTime: 0 });
      const free = queue.rows.find((row) => row.claim === null && row.decision === null && row.lead_id !== currentId);
      void navigate(free ? `/audit-detail?id=${free.lead_id}` : '/audits');
    } catch {
      void navigate('/audits');
    } finally {
      setLooking(false);
    }
  };

  return (
    <Button variant="contained" endIcon={<IconArrowRight size={18} />} disabled={looking} onClick={() => void next()}>
      Siguiente caso libre
    </Button>
  );
}
