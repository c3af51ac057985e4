import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ja';

/**
 * antd's pickers parse typed text with dayjs's global locale, and the format names the weekday
 * (「(木)」): without the Japanese locale a date typed or pasted as it is shown never parses, so the
 * picker keeps its popup open over the next field and drops the text. Every date-and-time field
 * of the app uses this picker (homework wizard, change, periodic plans).
 */
dayjs.locale('ja');

/** How date-and-time fields show (and accept typed) values: 2026年4月8日(水) 08:30. */
export const DATE_TIME_FORMAT = 'YYYY年M月D日(dd) HH:mm';

/** One date and time (never a range or several): antd's onChange typed for that. */
export type DateTimePickerProps = Omit<
  DatePickerProps,
  'showTime' | 'format' | 'multiple' | 'value' | 'defaultValue' | 'onChange' | 'onOk'
> & {
  value?: Dayjs | null;
  onChange?(value: Dayjs | null): void;
};

export function DateTimePicker(props: DateTimePickerProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format={DATE_TIME_FORMAT}
      placeholder="日時を選択"
      style={{ width: 280 }}
      {...props}
    />
  );
}
