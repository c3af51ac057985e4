import { changeStudentPasswordSafe, getPublicKey } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { encryptPassword } from '../../../lib/password-crypto';

/** Set a student's password: it travels RSA-OAEP encrypted, like the teacher's own. */
export async function changeStudentPasswordCall(input: { student_id: string; password: string }) {
  const { public_key } = await api.call(getPublicKey, {});
  return api.call(changeStudentPasswordSafe, {
    student_id: input.student_id,
    password: await encryptPassword(public_key, input.password),
  });
}

export const useChangeStudentPasswordSafe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStudentPasswordCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['students'] }),
  });
};
