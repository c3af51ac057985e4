/**
 * /studentmanual (outside the layouts): a printable guide for children and their
 * guardians — signing in with the login card's QR code or ID, practising, the microphone. Two A4
 * pages; plain markup so it prints the same everywhere. Children read the kana lines; guardians
 * the notes in smaller print.
 */
const css = `
.student-manual { max-width: 190mm; margin: 0 auto; padding: 16px; color: #222; background: #fff;
  font-family: 'Hiragino Maru Gothic ProN', 'BIZ UDPGothic', 'Noto Sans JP', 'Meiryo', sans-serif; line-height: 1.7; }
.student-manual h1 { font-size: 22pt; color: #1f7a5c; margin: 0 0 4mm; }
.student-manual h2 { font-size: 15pt; margin: 6mm 0 2mm; padding: 1mm 3mm; border-left: 2mm solid #1f7a5c; background: #e8f5ef; }
.student-manual .lead { font-size: 12pt; }
.student-manual ol { padding-left: 7mm; margin: 0; }
.student-manual li { font-size: 13pt; margin: 1.5mm 0; }
.student-manual .guardian { font-size: 9.5pt; color: #444; border: 1px solid #ccc; border-radius: 2mm; padding: 2mm 4mm; margin-top: 2mm; }
.student-manual .url { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 12pt; background: #f5f5f5; padding: 0 2mm; }
.student-manual .colors span { display: inline-block; padding: 0 3mm; margin-right: 2mm; border-radius: 2mm; color: #fff; font-weight: 700; }
.student-manual .toolbar { display: flex; justify-content: flex-end; margin-bottom: 12px; }
.student-manual .toolbar button { min-height: 44px; padding: 0 20px; font-size: 16px; border-radius: 8px; border: 0;
  background: #1f7a5c; color: #fff; cursor: pointer; }
.student-manual .page2 { break-before: page; page-break-before: always; }
@media print {
  @page { size: A4 portrait; margin: 14mm 14mm; }
  .student-manual { padding: 0; max-width: none; }
  .student-manual .toolbar { display: none; }
}`;

export function StudentManual() {
  const learnUrl = `${window.location.origin}/learn/`;
  return (
    <div className="student-manual">
      <style>{css}</style>
      <div className="toolbar">
        <button type="button" onClick={() => window.print()}>
          印刷する
        </button>
      </div>
      <h1>おんどく の つかいかた</h1>
      <p className="lead">
        おんどく
        は、えいごを声に出して読むれんしゅうをするところです。先生が出したしゅくだいを読んで、てんすうを見ることができます。
      </p>

      <h2>1. ログインする（はいる）</h2>
      <p>
        <strong>QRコードではいる</strong>
      </p>
      <ol>
        <li>タブレットのカメラで、ログインカードの右下のQRコードをうつします。</li>
        <li>出てきたリンクをおすと、そのまま じぶんのページに はいれます。</li>
      </ol>
      <p>
        <strong>IDとパスワードではいる</strong>
      </p>
      <ol>
        <li>
          ブラウザで <span className="url">{learnUrl}</span> をひらきます。
        </li>
        <li>ログインカードの「ID」と「パスワード」を入れて、「ログイン」をおします。</li>
        <li>おわるときは、右上の「おわる」をおします。</li>
      </ol>
      <div className="guardian">
        保護者の方へ：ログインカードはお子さま専用の鍵です。ほかの人に見せたり、写真でSNSに載せたりしないでください。カードをなくしたときや、ログインできないときは担任の先生にご相談ください（先生がカードを作り直すと、古いカードのQRコードは使えなくなります）。
      </div>

      <h2>2. クラスに入る</h2>
      <ol>
        <li>先生からクラスコードをもらったら、メニューの「クラスに入る」をおして、コードを入れます。</li>
      </ol>

      <h2>3. しゅくだいをする</h2>
      <ol>
        <li>「しゅくだい」の「やること」に、いまやるしゅくだいがならんでいます。しめきりの日と時間も見てね。</li>
        <li>「れんしゅうする」をおします。</li>
        <li>
          🔊 のボタンでお手本をきいてから、🎤「読む」をおして、声に出して読みます。読みおわったら「おわり」をおします。
        </li>
        <li>
          てんすうと、ことばごとの色が出ます。もういちど読むと、さいごに読んだものが出されます。
          <div className="colors" style={{ marginTop: '1mm' }}>
            <span style={{ background: '#389e0d' }}>みどり 80てん〜</span>
            <span style={{ background: '#d48806' }}>きいろ 60てん〜</span>
            <span style={{ background: '#cf1322' }}>あか 60てんより下</span>
          </div>
        </li>
        <li>えらぶもんだいは、A・B・C… からこたえをえらびます。</li>
        <li>ぜんぶできたら「出す」をおします。けっかと、もういちど読みたいことばが出ます。</li>
      </ol>

      <div className="page2">
        <h2>4. マイクのじゅんび</h2>
        <ol>
          <li>
            はじめて読むまえに「マイクをためす」をおします。「マイクをつかってもいいですか」ときかれたら「許可（きょか）」をおします。
          </li>
          <li>「ハロー」と言って、みどりのバーがうごけばOKです。</li>
          <li>しずかなところで、マイクから少しはなれて（こぶし1つぶんくらい）、ふつうの大きさの声で読もう。</li>
          <li>イヤホンをつかうと、お手本の音がマイクに入らないので、もっとよくなります。</li>
        </ol>
        <div className="guardian">
          保護者の方へ：マイクが使えないと表示されたときは、ブラウザのアドレスバーの鍵（またはカメラ）のマークから、このページのマイクを「許可」にしてください。iPad
          では「設定」→「Safari」→「マイク」、Chromebook では Chrome
          の「設定」→「プライバシーとセキュリティ」→「サイトの設定」→「マイク」で確認できます。
        </div>

        <h2>5. つうしんがきれたとき</h2>
        <ol>
          <li>
            「つうしんができませんでした。つながったら自動でおくります。」と出ても、読んだ声はタブレットの中にのこっています。
          </li>
          <li>インターネットにつながると、自動でおくられます。ページをとじても、またひらけばつづきからおくります。</li>
        </ol>
        <div className="guardian">
          保護者の方へ：録音は、サーバーが採点して提出を受け付けるまで、このブラウザの中（IndexedDB）に保存されます。ブラウザの履歴やデータを消すと、送信前の録音も消えます。提出が終わると自動で削除されます。
        </div>

        <h2>6. じぶんでれんしゅう・きろく</h2>
        <ol>
          <li>
            「じぶんでれんしゅう」では、しゅくだいのほかにも、すきなきょうざいでれんしゅうできます。先生も見ることができます。
          </li>
          <li>「きろく」では、いままでに出したものと、てんすうを見ることができます。</li>
        </ol>
      </div>
    </div>
  );
}
