import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { searchWord } from '../../../lib/form';
import { useSearchStudent } from '../api';

/** Find a student of any class by id, name or furigana, and open their page. */
export function StudentSearchBox() {
  const [text, setText] = useState('');
  const [kw, setKw] = useState('');
  const navigate = useNavigate();
  // Ask the server once the teacher pauses typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      const word = searchWord(text);
      if (word !== null) setKw(word);
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data } = useSearchStudent(kw);
  const options = kw
    ? (data?.rows ?? []).map((s) => ({
        value: s.student_id,
        label: (
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
            <span>
              {s.name} <span style={{ color: '#888', fontSize: 12 }}>{s.furigana}</span>
            </span>
            <span style={{ color: '#888', fontSize: 12 }}>
              {s.student_id}
              {s.teams.length ? `・${s.teams.map((t) => t.name).join('、')}` : ''}
            </span>
          </div>
        ),
      }))
    : [];
  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={setText}
      onSelect={(loginId: string) => {
        // This screen stays mounted (keep-alive): empty the box so its dropdown closes.
        setText('');
        setKw('');
        void navigate(paths.studentDetails.getHref(loginId));
      }}
      notFoundContent={kw && data ? '該当する生徒はいません。' : null}
      style={{ width: 320 }}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder="生徒をさがす（ID・氏名・ふりがな）"
        allowClear
        aria-label="生徒をさがす"
      />
    </AutoComplete>
  );
}
