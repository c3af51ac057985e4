import { changeStudentPasswordSafe } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { encryptForServer } from '../../../lib/server-key';

/** Set a student's password: it travels RSA-OAEP encrypted with the server's key, like the teacher's own. */
export const useChangeStudentPasswordSafe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { student_id: string; password: string }) =>
      api.call(changeStudentPasswordSafe, {
        student_id: input.student_id,
        password: await encryptForServer(queryClient, input.password),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['students'] }),
  });
};
