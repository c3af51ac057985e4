import { sendEmailAuthenticationMail } from '@ondoku/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** E-mail change, step 1: mail a code to the new address. */
export const sendEmailCode = (email: string) => api.call(sendEmailAuthenticationMail, { email: email.trim() });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
