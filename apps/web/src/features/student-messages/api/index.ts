import { getWritingNoteList, remindUnsubmitted, submitWritingNote, type CallInput } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** The teacher → child channel's calls, one declaration each (docs/student-messages.md). */
export const writingNotesQueryOptions = (params: CallInput<typeof getWritingNoteList>) =>
  queryOptions({
    queryKey: queryKeys.studentMessages.notes(params),
    queryFn: () => api.call(getWritingNoteList, params),
  });
export const useWritingNotes = (params: CallInput<typeof getWritingNoteList>) =>
  useQuery(writingNotesQueryOptions(params));

/** A reminder changes no read of the teacher's screens (the children's inbox is on the students' side). */
export const useRemindUnsubmitted = () => useCallMutation(remindUnsubmitted);

export const useSubmitWritingNote = () =>
  useCallMutation(submitWritingNote, {
    invalidates: (vars) => [queryKeys.studentMessages.notes({ student_id: vars.student_id, topic_id: vars.topic_id })],
  });
