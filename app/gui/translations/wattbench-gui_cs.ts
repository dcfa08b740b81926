<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
<context>
    <name>QObject</name>
    <message>
        <source>cannot create a private password file</source>
        <translation>nelze vytvořit soukromý soubor s heslem</translation>
    </message>
    <message>
        <source>cannot write the private password file</source>
        <translation>nelze zapsat soukromý soubor s heslem</translation>
    </message>
    <message>
        <source>firmware %1</source>
        <translation>firmware %1</translation>
    </message>
    <message>
        <source>serial %1</source>
        <translation>sériové číslo %1</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %1; %Ln sensor(s)</source>
        <translation>
            <numerusform>Připojeno: %1; %Ln senzor</numerusform>
            <numerusform>Připojeno: %1; %Ln senzory</numerusform>
            <numerusform>Připojeno: %1; %Ln senzorů</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Live view of a wattbench run: devices, charts, phase ladder, results.</source>
        <translation>Živý pohled na běh wattbench: zařízení, grafy, žebříček fází, výsledky.</translation>
    </message>
    <message>
        <source>A profile (.toml) or a run directory.</source>
        <translation>Profil (.toml) nebo adresář běhu.</translation>
    </message>
    <message>
        <source>Start the profile&apos;s run at once.</source>
        <translation>Spustit běh profilu ihned.</translation>
    </message>
    <message>
        <source>Warm-up of every phase (90s, 5m, ...).</source>
        <translation>Zahřívání každé fáze (90s, 5m, …).</translation>
    </message>
    <message>
        <source>Averaging window of every phase.</source>
        <translation>Průměrovací okno každé fáze.</translation>
    </message>
    <message>
        <source>Run directory (default runs/&lt;name&gt;-&lt;time&gt;).</source>
        <translation>Adresář běhu (výchozí runs/&lt;název&gt;-&lt;čas&gt;).</translation>
    </message>
    <message>
        <source>Render the main window to this PNG when quitting, then exit.</source>
        <translation>Při ukončení vykreslit hlavní okno do tohoto PNG a skončit.</translation>
    </message>
    <message>
        <source>Quit after this long (a running run is aborted, its files kept); with --screenshot and --start but without it: when the run ends.</source>
        <translation>Skončit po této době (probíhající běh se přeruší, jeho soubory zůstanou); s --screenshot a --start, ale bez této volby: až běh skončí.</translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1600x1000.</source>
        <translation>Velikost okna pro snímky obrazovky, např. 1600x1000.</translation>
    </message>
    <message>
        <source>Serve the latest readings as OpenMetrics at http://ADDR:PORT/metrics.</source>
        <translation>Poskytovat poslední hodnoty jako OpenMetrics na http://ADDR:PORT/metrics.</translation>
    </message>
    <message>
        <source>Language of the window and its report export: %1 (default: LC_ALL, LC_MESSAGES, LANG, else English).</source>
        <translation>Jazyk okna a exportu protokolu: %1 (výchozí: LC_ALL, LC_MESSAGES, LANG, jinak angličtina).</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::DeviceModel</name>
    <message>
        <source>connecting</source>
        <translation>připojování</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>v pořádku</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>opětovné připojování</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>selhalo</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>nedostupné</translation>
    </message>
    <message>
        <source>error</source>
        <translation>chyba</translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation>limity: %1</translation>
    </message>
    <message>
        <source>beyond a non-critical limit</source>
        <translation>za nekritickým limitem</translation>
    </message>
    <message>
        <source>beyond a critical limit</source>
        <translation>za kritickým limitem</translation>
    </message>
    <message>
        <source>Device / channel</source>
        <translation>Zařízení / kanál</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Hodnota</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Jednotka</translation>
    </message>
    <message>
        <source>overrange</source>
        <translation>mimo rozsah</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::PhaseModel</name>
    <message>
        <source>warming up</source>
        <translation>zahřívání</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>měření</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>čeká</translation>
    </message>
    <message>
        <source>done</source>
        <translation>hotovo</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>s příznakem</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>přeskočeno</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>přerušeno</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>selhalo</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>zbývá %1</translation>
    </message>
    <message>
        <source>%1 (%2): warm-up %3, window %4</source>
        <translation>%1 (%2): zahřívání %3, okno %4</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fáze</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Zátěž</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stav</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Průběh</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::ResultsModel</name>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>The window missed readings: coverage below %1 %</source>
        <translation>V okně chybí hodnoty: pokrytí pod %1 %</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ChartsArea</name>
    <message>
        <source>Whole run (min/max per interval):</source>
        <translation>Celý běh (min./max. za interval):</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::DiscoveryDialog</name>
    <message>
        <source>Discover devices</source>
        <translation>Vyhledat zařízení</translation>
    </message>
    <message>
        <source>Serial ports</source>
        <translation>Sériové porty</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>USB ID</source>
        <translation>USB ID</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Popis</translation>
    </message>
    <message>
        <source>Identified as</source>
        <translation>Rozpoznáno jako</translation>
    </message>
    <message>
        <source>Drivers</source>
        <translation>Ovladače</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Hledat znovu</translation>
    </message>
    <message>
        <source>USB sound level meters</source>
        <translation>USB zvukoměry</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Připojení</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Ovladač</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Výrobek</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Poznámka</translation>
    </message>
    <message>
        <source>IPMI BMC over the LAN</source>
        <translation>IPMI BMC přes LAN</translation>
    </message>
    <message>
        <source>e.g. opensesspriv,authcap (as ipmi-sensors -W)</source>
        <translation>např. opensesspriv,authcap (jako ipmi-sensors -W)</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Vyzkoušet připojení</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Hostitel</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Uživatel</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Heslo</translation>
    </message>
    <message>
        <source>Privilege</source>
        <translation>Oprávnění</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>Obcházení chyb</translation>
    </message>
    <message>
        <source>No serial ports found. Pseudo-terminals and network bridges are not listed but work by path (serial:///dev/pts/N, tcp://HOST:PORT). Sim devices need no hardware.</source>
        <translation>Nenalezeny žádné sériové porty. Pseudoterminály a síťové mosty se nevypisují, ale fungují přes cestu (serial:///dev/pts/N, tcp://HOST:PORT). Simulovaná zařízení hardware nepotřebují.</translation>
    </message>
    <message>
        <source>Use a port in a profile as serial:///dev/ttyUSB0?baud=9600.</source>
        <translation>V profilu uveďte port jako serial:///dev/ttyUSB0?baud=9600.</translation>
    </message>
    <message>
        <source>No USB sound level meter found (WENSN WS1361, GM1356 and their relabels are looked for).</source>
        <translation>Nenalezen žádný USB zvukoměr (hledají se WENSN WS1361, GM1356 a jejich přeznačené verze).</translation>
    </message>
    <message>
        <source>Use the connection as shown in a profile&apos;s [[device]] with the driver named.</source>
        <translation>Připojení použijte, jak je zobrazeno, v [[device]] profilu s uvedeným ovladačem.</translation>
    </message>
    <message>
        <source>Enter the BMC&apos;s host name or address.</source>
        <translation>Zadejte název nebo adresu BMC.</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>Připojování k %1 …</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Selhalo: %1</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Soubor</translation>
    </message>
    <message>
        <source>&amp;Open profile…</source>
        <translation>&amp;Otevřít profil…</translation>
    </message>
    <message>
        <source>Open profile</source>
        <translation>Otevřít profil</translation>
    </message>
    <message>
        <source>Profiles (*.toml);;All files (*)</source>
        <translation>Profily (*.toml);;Všechny soubory (*)</translation>
    </message>
    <message>
        <source>Open &amp;run directory…</source>
        <translation>Otevřít &amp;adresář běhu…</translation>
    </message>
    <message>
        <source>Open run directory</source>
        <translation>Otevřít adresář běhu</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Otevřít &amp;nedávné</translation>
    </message>
    <message>
        <source>&amp;Export report</source>
        <translation>&amp;Exportovat protokol</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Konec</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Běh</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Spustit</translation>
    </message>
    <message>
        <source>Skip &amp;warm-up</source>
        <translation>Přeskočit &amp;zahřívání</translation>
    </message>
    <message>
        <source>Skip &amp;phase</source>
        <translation>Přeskočit &amp;fázi</translation>
    </message>
    <message>
        <source>&amp;Abort…</source>
        <translation>&amp;Přerušit…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>Úp&amp;ravy</translation>
    </message>
    <message>
        <source>Copy results as &amp;Markdown</source>
        <translation>Kopírovat výsledky jako &amp;Markdown</translation>
    </message>
    <message>
        <source>Copy results as &amp;CSV</source>
        <translation>Kopírovat výsledky jako &amp;CSV</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Zobrazit</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Nástroje</translation>
    </message>
    <message>
        <source>&amp;Discover devices…</source>
        <translation>&amp;Vyhledat zařízení…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Nápo&amp;věda</translation>
    </message>
    <message>
        <source>&amp;About wattbench</source>
        <translation>&amp;O programu wattbench</translation>
    </message>
    <message>
        <source>About wattbench</source>
        <translation>O programu wattbench</translation>
    </message>
    <message>
        <source>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Server power, thermal and noise measurement under load phases: the live view of the same engine as the &lt;tt&gt;wattbench&lt;/tt&gt; command.&lt;/p&gt;</source>
        <translation>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Měření příkonu, teplot a hluku serverů ve fázích zátěže: živý pohled na stejné měření, jaké provádí příkaz &lt;tt&gt;wattbench&lt;/tt&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Běh</translation>
    </message>
    <message>
        <source> Show: </source>
        <translation> Zobrazit: </translation>
    </message>
    <message>
        <source>last minute</source>
        <translation>poslední minuta</translation>
    </message>
    <message>
        <source>last 5 minutes</source>
        <translation>posledních 5 minut</translation>
    </message>
    <message>
        <source>last 15 minutes</source>
        <translation>posledních 15 minut</translation>
    </message>
    <message>
        <source>last hour</source>
        <translation>poslední hodina</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>celý běh</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainWindow</name>
    <message>
        <source>wattbench</source>
        <translation>wattbench</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Fáze</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Zařízení</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Výsledky</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Události</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Protokol zapsán do %1</translation>
    </message>
    <message>
        <source>Opening devices…</source>
        <translation>Otevírání zařízení…</translation>
    </message>
    <message>
        <source>Running → %1</source>
        <translation>Běží → %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Běh %1: %2</translation>
    </message>
    <message>
        <source>Run finished: %1</source>
        <translation>Běh dokončen: %1</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>Běh: %1</translation>
    </message>
    <message>
        <source>Profile %1: press Start (F5)</source>
        <translation>Profil %1: stiskněte Spustit (F5)</translation>
    </message>
    <message>
        <source>Open a profile (Ctrl+O) or a run directory (Ctrl+Shift+O), or drop one here</source>
        <translation>Otevřete profil (Ctrl+O) nebo adresář běhu (Ctrl+Shift+O), nebo jej sem přetáhněte</translation>
    </message>
    <message>
        <source>run: %1 left</source>
        <translation>běh: zbývá %1</translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation>Běh probíhá</translation>
    </message>
    <message>
        <source>Finish or abort the current run first.</source>
        <translation>Nejprve dokončete nebo přerušte probíhající běh.</translation>
    </message>
    <message>
        <source>Profile error</source>
        <translation>Chyba profilu</translation>
    </message>
    <message>
        <source>%1 — wattbench</source>
        <translation>%1 — wattbench</translation>
    </message>
    <message>
        <source>Cannot open run</source>
        <translation>Běh nelze otevřít</translation>
    </message>
    <message>
        <source>killed (no end recorded)</source>
        <translation>násilně ukončen (konec nezaznamenán)</translation>
    </message>
    <message>
        <source>still being recorded</source>
        <translation>stále zaznamenáván</translation>
    </message>
    <message>
        <source>the run was %1 during phase %2</source>
        <translation>běh byl %1 během fáze %2</translation>
    </message>
    <message>
        <source>the run was %1</source>
        <translation>běh byl %1</translation>
    </message>
    <message>
        <source>opening devices…</source>
        <translation>otevírání zařízení…</translation>
    </message>
    <message>
        <source>Run not started</source>
        <translation>Běh nebyl spuštěn</translation>
    </message>
    <message>
        <source>run directory %1</source>
        <translation>adresář běhu %1</translation>
    </message>
    <message>
        <source>Abort the run?</source>
        <translation>Přerušit běh?</translation>
    </message>
    <message>
        <source>The current phase is marked interrupted; everything gathered so far stays in %1.</source>
        <translation>Probíhající fáze bude označena jako přerušená; vše dosud nasbírané zůstane v %1.</translation>
    </message>
    <message>
        <source>aborting the run</source>
        <translation>přerušování běhu</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Běh selhal</translation>
    </message>
    <message>
        <source>run failed</source>
        <translation>běh selhal</translation>
    </message>
    <message>
        <source>run completed: %1</source>
        <translation>běh dokončen: %1</translation>
    </message>
    <message>
        <source>run interrupted: %1</source>
        <translation>běh přerušen: %1</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>běh %1: %2</translation>
    </message>
    <message>
        <source>Quitting aborts the run; everything gathered so far is written to %1.</source>
        <translation>Ukončení přeruší běh; vše dosud nasbírané se zapíše do %1.</translation>
    </message>
    <message>
        <source>profile %1: %2, %3</source>
        <translation>profil %1: %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln zařízení</numerusform>
            <numerusform>%Ln zařízení</numerusform>
            <numerusform>%Ln zařízení</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln fáze</numerusform>
            <numerusform>%Ln fáze</numerusform>
            <numerusform>%Ln fází</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run directory %1: %Ln reading(s) kept for the charts</source>
        <translation>
            <numerusform>adresář běhu %1: pro grafy uchována %Ln hodnota</numerusform>
            <numerusform>adresář běhu %1: pro grafy uchovány %Ln hodnoty</numerusform>
            <numerusform>adresář běhu %1: pro grafy uchováno %Ln hodnot</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln reading(s) not charted: the window was too busy to keep up</source>
        <translation>
            <numerusform>%Ln hodnota nevykreslena: okno nestíhalo</numerusform>
            <numerusform>%Ln hodnoty nevykresleny: okno nestíhalo</numerusform>
            <numerusform>%Ln hodnot nevykresleno: okno nestíhalo</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PhaseLadder</name>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Běh</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>zbývá %1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Spustit</translation>
    </message>
    <message>
        <source>Skip warm-up</source>
        <translation>Přeskočit zahřívání</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Přeskočit fázi</translation>
    </message>
    <message>
        <source>Abort…</source>
        <translation>Přerušit…</translation>
    </message>
    <message>
        <source>Open the devices and run every phase (F5)</source>
        <translation>Otevřít zařízení a projít všechny fáze (F5)</translation>
    </message>
    <message>
        <source>Open the averaging window now (F6)</source>
        <translation>Otevřít průměrovací okno hned (F6)</translation>
    </message>
    <message>
        <source>End this phase without results and go on (F7)</source>
        <translation>Ukončit tuto fázi bez výsledků a pokračovat (F7)</translation>
    </message>
    <message>
        <source>Stop the run; everything gathered so far is written (F8)</source>
        <translation>Zastavit běh; vše dosud nasbírané se zapíše (F8)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>dokončeno</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PromptDialog</name>
    <message>
        <source>Phase %1</source>
        <translation>Fáze %1</translation>
    </message>
    <message>
        <source>Phase %1, %2</source>
        <translation>Fáze %1, %2</translation>
    </message>
    <message>
        <source>wattbench needs you — %1</source>
        <translation>wattbench vás potřebuje — %1</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Zaznamenat</translation>
    </message>
    <message>
        <source>Done, continue</source>
        <translation>Hotovo, pokračovat</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Přeskočit</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Přeskočit fázi</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ReportExport</name>
    <message>
        <source>&amp;Markdown…</source>
        <translation>&amp;Markdown…</translation>
    </message>
    <message>
        <source>&amp;CSV…</source>
        <translation>&amp;CSV…</translation>
    </message>
    <message>
        <source>&amp;JSON…</source>
        <translation>&amp;JSON…</translation>
    </message>
    <message>
        <source>&amp;HTML with charts…</source>
        <translation>&amp;HTML s grafy…</translation>
    </message>
    <message>
        <source>&amp;PDF with charts…</source>
        <translation>&amp;PDF s grafy…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Exportovat protokol</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export selhal</translation>
    </message>
    <message>
        <source>No run to report on</source>
        <translation>Žádný běh pro protokol</translation>
    </message>
    <message>
        <source>This build cannot write %1 reports</source>
        <translation>Toto sestavení neumí zapsat protokoly %1</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ResultsPanel</name>
    <message>
        <source>Copy as Markdown</source>
        <translation>Kopírovat jako Markdown</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Kopírovat jako CSV</translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation>Zatím žádné výsledky</translation>
    </message>
    <message>
        <source>Results copied as Markdown</source>
        <translation>Výsledky zkopírovány jako Markdown</translation>
    </message>
    <message>
        <source>Results copied as CSV</source>
        <translation>Výsledky zkopírovány jako CSV</translation>
    </message>
</context>
</TS>
