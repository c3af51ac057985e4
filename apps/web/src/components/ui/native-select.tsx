/**
 * A native select in antd's look. The homework list is the first view after sign-in, and antd's
 * Select (rc-select, virtual list, overflow) would add about 22 KB gzip to it: its filters, the
 * page-size choice of every list (ListContainer) and the wizard's single choices use this one
 * (keyboard and screen-reader behaviour of the platform).
 */
export function NativeSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  all,
  width = 150,
  disabled,
  placeholder,
}: {
  label: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (v: T | undefined) => void;
  /** The option that clears the filter; omitted for a select that always has a value. */
  all?: string;
  width?: number | string;
  disabled?: boolean;
  /** Shown (and not choosable) while nothing is chosen, when there is no `all` option. */
  placeholder?: string;
}) {
  return (
    <select
      aria-label={label}
      disabled={disabled}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value)}
      style={{
        height: 32,
        width,
        padding: '0 8px',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        background: disabled ? '#f5f5f5' : '#fff',
        color: value === undefined ? 'rgba(0,0,0,0.5)' : 'rgba(0,0,0,0.88)',
        fontSize: 14,
      }}
    >
      {all !== undefined && <option value="">{all}</option>}
      {all === undefined && placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
