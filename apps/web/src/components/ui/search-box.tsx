import { useRef, useState } from 'react';
import { PlainButton } from './plain';
import { closeCircleFilled, searchOutlined } from './icon-paths';
import { PlainIcon } from './plain-icon';

/**
 * A keyword box with its search button, in the look of antd's `Input.Search` with `allowClear`,
 * as a native search field (role searchbox): Enter or the button searches, the clear button
 * empties the box and searches again. Enter while an IME is composing (kana to kanji) does not
 * search. Plain markup: antd's Input would add ≈ 14 KB gzip to the homework list after sign-in.
 */
export function SearchBox({
  label,
  defaultValue = '',
  placeholder,
  width,
  onSearch,
}: {
  label: string;
  defaultValue?: string;
  placeholder?: string;
  width?: number;
  onSearch(value: string): void;
}) {
  const [value, setValue] = useState(defaultValue);
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="pl-search" style={{ width }}>
      <span className="pl-search-field">
        <input
          ref={input}
          type="search"
          className="pl-input"
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing && e.keyCode !== 229) onSearch(value);
          }}
        />
        {value && (
          <button
            type="button"
            className="pl-search-clear"
            aria-label="入力を消去"
            tabIndex={-1}
            onClick={() => {
              setValue('');
              onSearch('');
              input.current?.focus();
            }}
          >
            <PlainIcon paths={closeCircleFilled} />
          </button>
        )}
      </span>
      <PlainButton aria-label="検索" icon={<PlainIcon paths={searchOutlined} />} onClick={() => onSearch(value)} />
    </span>
  );
}
