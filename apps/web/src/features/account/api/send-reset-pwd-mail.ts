import { sendResetPwdMail } from '@ondoku/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Step 1 of /forget: ask for a reset code (the reply is the same whether the address is registered). */
export const sendResetMail = (email: string) => api.call(sendResetPwdMail, { email: email.trim() });

export const useSendResetMail = () => useMutation({ mutationFn: sendResetMail });
