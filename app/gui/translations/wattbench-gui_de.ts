<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>cannot create a private password file</source>
        <translation>Private Passwortdatei kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write the private password file</source>
        <translation>Private Passwortdatei kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>firmware %1</source>
        <translation>Firmware %1</translation>
    </message>
    <message>
        <source>serial %1</source>
        <translation>Seriennummer %1</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %1; %Ln sensor(s)</source>
        <translation>
            <numerusform>Verbunden: %1; %Ln Sensor</numerusform>
            <numerusform>Verbunden: %1; %Ln Sensoren</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Live view of a wattbench run: devices, charts, phase ladder, results.</source>
        <translation>Live-Ansicht eines wattbench-Laufs: Geräte, Diagramme, Phasenleiter, Ergebnisse.</translation>
    </message>
    <message>
        <source>A profile (.toml) or a run directory.</source>
        <translation>Ein Profil (.toml) oder ein Laufverzeichnis.</translation>
    </message>
    <message>
        <source>Start the profile&apos;s run at once.</source>
        <translation>Den Lauf des Profils sofort starten.</translation>
    </message>
    <message>
        <source>Warm-up of every phase (90s, 5m, ...).</source>
        <translation>Aufwärmzeit jeder Phase (90s, 5m, …).</translation>
    </message>
    <message>
        <source>Averaging window of every phase.</source>
        <translation>Mittelungsfenster jeder Phase.</translation>
    </message>
    <message>
        <source>Run directory (default runs/&lt;name&gt;-&lt;time&gt;).</source>
        <translation>Laufverzeichnis (Standard: runs/&lt;name&gt;-&lt;zeit&gt;).</translation>
    </message>
    <message>
        <source>Render the main window to this PNG when quitting, then exit.</source>
        <translation>Das Hauptfenster beim Beenden in diese PNG-Datei zeichnen, dann beenden.</translation>
    </message>
    <message>
        <source>Quit after this long (a running run is aborted, its files kept); with --screenshot and --start but without it: when the run ends.</source>
        <translation>Nach dieser Dauer beenden (ein laufender Lauf wird abgebrochen, seine Dateien bleiben); mit --screenshot und --start, aber ohne diese Option: wenn der Lauf endet.</translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1600x1000.</source>
        <translation>Fenstergröße für Bildschirmfotos, z. B. 1600x1000.</translation>
    </message>
    <message>
        <source>Serve the latest readings as OpenMetrics at http://ADDR:PORT/metrics.</source>
        <translation>Die neuesten Messwerte als OpenMetrics unter http://ADDR:PORT/metrics bereitstellen.</translation>
    </message>
    <message>
        <source>Language of the window and its report export: %1 (default: LC_ALL, LC_MESSAGES, LANG, else English).</source>
        <translation>Sprache des Fensters und seines Berichtsexports: %1 (Standard: LC_ALL, LC_MESSAGES, LANG, sonst Englisch).</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::DeviceModel</name>
    <message>
        <source>connecting</source>
        <translation>verbinde</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>verbinde neu</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation>Grenzwerte: %1</translation>
    </message>
    <message>
        <source>beyond a non-critical limit</source>
        <translation>jenseits eines nicht kritischen Grenzwerts</translation>
    </message>
    <message>
        <source>beyond a critical limit</source>
        <translation>jenseits eines kritischen Grenzwerts</translation>
    </message>
    <message>
        <source>Device / channel</source>
        <translation>Gerät / Kanal</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>overrange</source>
        <translation>Messbereich überschritten</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::PhaseModel</name>
    <message>
        <source>warming up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>Messung</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>markiert</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>noch %1</translation>
    </message>
    <message>
        <source>%1 (%2): warm-up %3, window %4</source>
        <translation>%1 (%2): Aufwärmen %3, Fenster %4</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::ResultsModel</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>The window missed readings: coverage below %1 %</source>
        <translation>Im Fenster fehlen Messwerte: Abdeckung unter %1 %</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ChartsArea</name>
    <message>
        <source>Whole run (min/max per interval):</source>
        <translation>Ganzer Lauf (Min./Max. je Intervall):</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::DiscoveryDialog</name>
    <message>
        <source>Discover devices</source>
        <translation>Geräte suchen</translation>
    </message>
    <message>
        <source>Serial ports</source>
        <translation>Serielle Schnittstellen</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>USB ID</source>
        <translation>USB-ID</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Identified as</source>
        <translation>Erkannt als</translation>
    </message>
    <message>
        <source>Drivers</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>USB sound level meters</source>
        <translation>USB-Schallpegelmesser</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Produkt</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>IPMI BMC over the LAN</source>
        <translation>IPMI-BMC über LAN</translation>
    </message>
    <message>
        <source>e.g. opensesspriv,authcap (as ipmi-sensors -W)</source>
        <translation>z. B. opensesspriv,authcap (wie ipmi-sensors -W)</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Privilege</source>
        <translation>Berechtigung</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>Workarounds</translation>
    </message>
    <message>
        <source>No serial ports found. Pseudo-terminals and network bridges are not listed but work by path (serial:///dev/pts/N, tcp://HOST:PORT). Sim devices need no hardware.</source>
        <translation>Keine seriellen Schnittstellen gefunden. Pseudoterminals und Netzwerkbrücken werden nicht aufgeführt, funktionieren aber über ihren Pfad (serial:///dev/pts/N, tcp://HOST:PORT). Simulierte Geräte brauchen keine Hardware.</translation>
    </message>
    <message>
        <source>Use a port in a profile as serial:///dev/ttyUSB0?baud=9600.</source>
        <translation>Eine Schnittstelle im Profil als serial:///dev/ttyUSB0?baud=9600 angeben.</translation>
    </message>
    <message>
        <source>No USB sound level meter found (WENSN WS1361, GM1356 and their relabels are looked for).</source>
        <translation>Kein USB-Schallpegelmesser gefunden (gesucht werden WENSN WS1361, GM1356 und baugleiche Geräte).</translation>
    </message>
    <message>
        <source>Use the connection as shown in a profile&apos;s [[device]] with the driver named.</source>
        <translation>Die Verbindung wie angezeigt im [[device]] eines Profils mit dem genannten Treiber verwenden.</translation>
    </message>
    <message>
        <source>Enter the BMC&apos;s host name or address.</source>
        <translation>Hostnamen oder Adresse des BMC eingeben.</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open profile…</source>
        <translation>Profil ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open profile</source>
        <translation>Profil öffnen</translation>
    </message>
    <message>
        <source>Profiles (*.toml);;All files (*)</source>
        <translation>Profile (*.toml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;run directory…</source>
        <translation>&amp;Laufverzeichnis öffnen…</translation>
    </message>
    <message>
        <source>Open run directory</source>
        <translation>Laufverzeichnis öffnen</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Export report</source>
        <translation>Bericht &amp;exportieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Skip &amp;warm-up</source>
        <translation>&amp;Aufwärmen überspringen</translation>
    </message>
    <message>
        <source>Skip &amp;phase</source>
        <translation>&amp;Phase überspringen</translation>
    </message>
    <message>
        <source>&amp;Abort…</source>
        <translation>A&amp;bbrechen…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Copy results as &amp;Markdown</source>
        <translation>Ergebnisse als &amp;Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy results as &amp;CSV</source>
        <translation>Ergebnisse als &amp;CSV kopieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Discover devices…</source>
        <translation>&amp;Geräte suchen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About wattbench</source>
        <translation>&amp;Über wattbench</translation>
    </message>
    <message>
        <source>About wattbench</source>
        <translation>Über wattbench</translation>
    </message>
    <message>
        <source>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Server power, thermal and noise measurement under load phases: the live view of the same engine as the &lt;tt&gt;wattbench&lt;/tt&gt; command.&lt;/p&gt;</source>
        <translation>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Messung von Leistungsaufnahme, Temperaturen und Geräusch von Servern in Lastphasen: die Live-Ansicht derselben Messung wie der Befehl &lt;tt&gt;wattbench&lt;/tt&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source> Show: </source>
        <translation> Anzeigen: </translation>
    </message>
    <message>
        <source>last minute</source>
        <translation>letzte Minute</translation>
    </message>
    <message>
        <source>last 5 minutes</source>
        <translation>letzte 5 Minuten</translation>
    </message>
    <message>
        <source>last 15 minutes</source>
        <translation>letzte 15 Minuten</translation>
    </message>
    <message>
        <source>last hour</source>
        <translation>letzte Stunde</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>ganzer Lauf</translation>
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
        <translation>Phasen</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht geschrieben: %1</translation>
    </message>
    <message>
        <source>Opening devices…</source>
        <translation>Geräte werden geöffnet…</translation>
    </message>
    <message>
        <source>Running → %1</source>
        <translation>Läuft → %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>Run finished: %1</source>
        <translation>Lauf beendet: %1</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>Lauf: %1</translation>
    </message>
    <message>
        <source>Profile %1: press Start (F5)</source>
        <translation>Profil %1: Starten drücken (F5)</translation>
    </message>
    <message>
        <source>Open a profile (Ctrl+O) or a run directory (Ctrl+Shift+O), or drop one here</source>
        <translation>Ein Profil (Strg+O) oder ein Laufverzeichnis (Strg+Umschalt+O) öffnen oder hierher ziehen</translation>
    </message>
    <message>
        <source>run: %1 left</source>
        <translation>Lauf: noch %1</translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation>Lauf im Gange</translation>
    </message>
    <message>
        <source>Finish or abort the current run first.</source>
        <translation>Erst den laufenden Lauf beenden oder abbrechen.</translation>
    </message>
    <message>
        <source>Profile error</source>
        <translation>Fehler im Profil</translation>
    </message>
    <message>
        <source>%1 — wattbench</source>
        <translation>%1 — wattbench</translation>
    </message>
    <message>
        <source>Cannot open run</source>
        <translation>Lauf kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>killed (no end recorded)</source>
        <translation>abgebrochen (kein Ende aufgezeichnet)</translation>
    </message>
    <message>
        <source>still being recorded</source>
        <translation>noch in Aufzeichnung</translation>
    </message>
    <message>
        <source>the run was %1 during phase %2</source>
        <translation>der Lauf war in Phase %2 %1</translation>
    </message>
    <message>
        <source>the run was %1</source>
        <translation>der Lauf war %1</translation>
    </message>
    <message>
        <source>opening devices…</source>
        <translation>Geräte werden geöffnet…</translation>
    </message>
    <message>
        <source>Run not started</source>
        <translation>Lauf nicht gestartet</translation>
    </message>
    <message>
        <source>run directory %1</source>
        <translation>Laufverzeichnis %1</translation>
    </message>
    <message>
        <source>Abort the run?</source>
        <translation>Lauf abbrechen?</translation>
    </message>
    <message>
        <source>The current phase is marked interrupted; everything gathered so far stays in %1.</source>
        <translation>Die laufende Phase wird als unterbrochen markiert; alles bisher Erfasste bleibt in %1.</translation>
    </message>
    <message>
        <source>aborting the run</source>
        <translation>Lauf wird abgebrochen</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>run completed: %1</source>
        <translation>Lauf abgeschlossen: %1</translation>
    </message>
    <message>
        <source>run interrupted: %1</source>
        <translation>Lauf unterbrochen: %1</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>Quitting aborts the run; everything gathered so far is written to %1.</source>
        <translation>Beenden bricht den Lauf ab; alles bisher Erfasste wird nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>profile %1: %2, %3</source>
        <translation>Profil %1: %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln Gerät</numerusform>
            <numerusform>%Ln Geräte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln Phase</numerusform>
            <numerusform>%Ln Phasen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run directory %1: %Ln reading(s) kept for the charts</source>
        <translation>
            <numerusform>Laufverzeichnis %1: %Ln Messwert für die Diagramme behalten</numerusform>
            <numerusform>Laufverzeichnis %1: %Ln Messwerte für die Diagramme behalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln reading(s) not charted: the window was too busy to keep up</source>
        <translation>
            <numerusform>%Ln Messwert nicht gezeichnet: das Fenster kam nicht hinterher</numerusform>
            <numerusform>%Ln Messwerte nicht gezeichnet: das Fenster kam nicht hinterher</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PhaseLadder</name>
    <message>
        <source>Stage</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>noch %1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Skip warm-up</source>
        <translation>Aufwärmen überspringen</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Phase überspringen</translation>
    </message>
    <message>
        <source>Abort…</source>
        <translation>Abbrechen…</translation>
    </message>
    <message>
        <source>Open the devices and run every phase (F5)</source>
        <translation>Die Geräte öffnen und alle Phasen durchlaufen (F5)</translation>
    </message>
    <message>
        <source>Open the averaging window now (F6)</source>
        <translation>Das Mittelungsfenster jetzt öffnen (F6)</translation>
    </message>
    <message>
        <source>End this phase without results and go on (F7)</source>
        <translation>Diese Phase ohne Ergebnisse beenden und weitermachen (F7)</translation>
    </message>
    <message>
        <source>Stop the run; everything gathered so far is written (F8)</source>
        <translation>Den Lauf anhalten; alles bisher Erfasste wird geschrieben (F8)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PromptDialog</name>
    <message>
        <source>Phase %1</source>
        <translation>Phase %1</translation>
    </message>
    <message>
        <source>Phase %1, %2</source>
        <translation>Phase %1, %2</translation>
    </message>
    <message>
        <source>wattbench needs you — %1</source>
        <translation>wattbench braucht Sie — %1</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Erfassen</translation>
    </message>
    <message>
        <source>Done, continue</source>
        <translation>Erledigt, weiter</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Phase überspringen</translation>
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
        <translation>&amp;HTML mit Diagrammen…</translation>
    </message>
    <message>
        <source>&amp;PDF with charts…</source>
        <translation>&amp;PDF mit Diagrammen…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>No run to report on</source>
        <translation>Kein Lauf für einen Bericht</translation>
    </message>
    <message>
        <source>This build cannot write %1 reports</source>
        <translation>Dieser Build kann keine %1-Berichte schreiben</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ResultsPanel</name>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Als CSV kopieren</translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation>Noch keine Ergebnisse</translation>
    </message>
    <message>
        <source>Results copied as Markdown</source>
        <translation>Ergebnisse als Markdown kopiert</translation>
    </message>
    <message>
        <source>Results copied as CSV</source>
        <translation>Ergebnisse als CSV kopiert</translation>
    </message>
</context>
</TS>
