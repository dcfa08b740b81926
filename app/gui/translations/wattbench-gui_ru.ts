<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>QObject</name>
    <message>
        <source>cannot create a private password file</source>
        <translation>не удаётся создать закрытый файл пароля</translation>
    </message>
    <message>
        <source>cannot write the private password file</source>
        <translation>не удаётся записать закрытый файл пароля</translation>
    </message>
    <message>
        <source>firmware %1</source>
        <translation>прошивка %1</translation>
    </message>
    <message>
        <source>serial %1</source>
        <translation>серийный номер %1</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %1; %Ln sensor(s)</source>
        <translation>
            <numerusform>Подключено: %1; %Ln датчик</numerusform>
            <numerusform>Подключено: %1; %Ln датчика</numerusform>
            <numerusform>Подключено: %1; %Ln датчиков</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Live view of a wattbench run: devices, charts, phase ladder, results.</source>
        <translation>Наблюдение за прогоном wattbench в реальном времени: устройства, графики, лестница фаз, результаты.</translation>
    </message>
    <message>
        <source>A profile (.toml) or a run directory.</source>
        <translation>Профиль (.toml) или каталог прогона.</translation>
    </message>
    <message>
        <source>Start the profile&apos;s run at once.</source>
        <translation>Сразу запустить прогон профиля.</translation>
    </message>
    <message>
        <source>Warm-up of every phase (90s, 5m, ...).</source>
        <translation>Прогрев каждой фазы (90s, 5m, …).</translation>
    </message>
    <message>
        <source>Averaging window of every phase.</source>
        <translation>Окно усреднения каждой фазы.</translation>
    </message>
    <message>
        <source>Run directory (default runs/&lt;name&gt;-&lt;time&gt;).</source>
        <translation>Каталог прогона (по умолчанию runs/&lt;имя&gt;-&lt;время&gt;).</translation>
    </message>
    <message>
        <source>Render the main window to this PNG when quitting, then exit.</source>
        <translation>При выходе отрисовать главное окно в этот PNG и завершиться.</translation>
    </message>
    <message>
        <source>Quit after this long (a running run is aborted, its files kept); with --screenshot and --start but without it: when the run ends.</source>
        <translation>Выйти через это время (идущий прогон прерывается, его файлы сохраняются); с --screenshot и --start, но без этого параметра: по окончании прогона.</translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1600x1000.</source>
        <translation>Размер окна для снимков экрана, например 1600x1000.</translation>
    </message>
    <message>
        <source>Serve the latest readings as OpenMetrics at http://ADDR:PORT/metrics.</source>
        <translation>Отдавать последние показания в формате OpenMetrics по адресу http://ADDR:PORT/metrics.</translation>
    </message>
    <message>
        <source>Language of the window and its report export: %1 (default: LC_ALL, LC_MESSAGES, LANG, else English).</source>
        <translation>Язык окна и экспортируемого отчёта: %1 (по умолчанию: LC_ALL, LC_MESSAGES, LANG, иначе английский).</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::DeviceModel</name>
    <message>
        <source>connecting</source>
        <translation>подключение</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>в норме</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>переподключение</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>сбой</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>недоступно</translation>
    </message>
    <message>
        <source>error</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation>пороги: %1</translation>
    </message>
    <message>
        <source>beyond a non-critical limit</source>
        <translation>за некритическим порогом</translation>
    </message>
    <message>
        <source>beyond a critical limit</source>
        <translation>за критическим порогом</translation>
    </message>
    <message>
        <source>Device / channel</source>
        <translation>Устройство / канал</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>overrange</source>
        <translation>вне диапазона</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::PhaseModel</name>
    <message>
        <source>warming up</source>
        <translation>прогрев</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>измерение</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>с пометкой</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>пропущена</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>прервана</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>сбой</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>осталось %1</translation>
    </message>
    <message>
        <source>%1 (%2): warm-up %3, window %4</source>
        <translation>%1 (%2): прогрев %3, окно %4</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Фаза</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Нагрузка</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Ход</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::ResultsModel</name>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>The window missed readings: coverage below %1 %</source>
        <translation>В окне пропущены показания: покрытие ниже %1 %</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ChartsArea</name>
    <message>
        <source>Whole run (min/max per interval):</source>
        <translation>Весь прогон (мин./макс. за интервал):</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::DiscoveryDialog</name>
    <message>
        <source>Discover devices</source>
        <translation>Поиск устройств</translation>
    </message>
    <message>
        <source>Serial ports</source>
        <translation>Последовательные порты</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <source>USB ID</source>
        <translation>USB ID</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Описание</translation>
    </message>
    <message>
        <source>Identified as</source>
        <translation>Опознано как</translation>
    </message>
    <message>
        <source>Drivers</source>
        <translation>Драйверы</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Искать снова</translation>
    </message>
    <message>
        <source>USB sound level meters</source>
        <translation>USB-шумомеры</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Драйвер</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Изделие</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>IPMI BMC over the LAN</source>
        <translation>IPMI BMC по сети</translation>
    </message>
    <message>
        <source>e.g. opensesspriv,authcap (as ipmi-sensors -W)</source>
        <translation>например, opensesspriv,authcap (как у ipmi-sensors -W)</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Проверить подключение</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Хост</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Пользователь</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <source>Privilege</source>
        <translation>Привилегии</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>Обходные приёмы</translation>
    </message>
    <message>
        <source>No serial ports found. Pseudo-terminals and network bridges are not listed but work by path (serial:///dev/pts/N, tcp://HOST:PORT). Sim devices need no hardware.</source>
        <translation>Последовательные порты не найдены. Псевдотерминалы и сетевые мосты не показываются, но работают по пути (serial:///dev/pts/N, tcp://HOST:PORT). Симулируемым устройствам оборудование не нужно.</translation>
    </message>
    <message>
        <source>Use a port in a profile as serial:///dev/ttyUSB0?baud=9600.</source>
        <translation>Укажите порт в профиле как serial:///dev/ttyUSB0?baud=9600.</translation>
    </message>
    <message>
        <source>No USB sound level meter found (WENSN WS1361, GM1356 and their relabels are looked for).</source>
        <translation>USB-шумомер не найден (ищутся WENSN WS1361, GM1356 и их клоны под другими марками).</translation>
    </message>
    <message>
        <source>Use the connection as shown in a profile&apos;s [[device]] with the driver named.</source>
        <translation>Укажите подключение в [[device]] профиля так, как показано, с названным драйвером.</translation>
    </message>
    <message>
        <source>Enter the BMC&apos;s host name or address.</source>
        <translation>Введите имя хоста или адрес BMC.</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>Подключение к %1 …</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Сбой: %1</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open profile…</source>
        <translation>&amp;Открыть профиль…</translation>
    </message>
    <message>
        <source>Open profile</source>
        <translation>Открыть профиль</translation>
    </message>
    <message>
        <source>Profiles (*.toml);;All files (*)</source>
        <translation>Профили (*.toml);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Open &amp;run directory…</source>
        <translation>Открыть &amp;каталог прогона…</translation>
    </message>
    <message>
        <source>Open run directory</source>
        <translation>Открыть каталог прогона</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Недавние</translation>
    </message>
    <message>
        <source>&amp;Export report</source>
        <translation>&amp;Экспорт отчёта</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Прогон</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Запустить</translation>
    </message>
    <message>
        <source>Skip &amp;warm-up</source>
        <translation>Пропустить п&amp;рогрев</translation>
    </message>
    <message>
        <source>Skip &amp;phase</source>
        <translation>Пропустить &amp;фазу</translation>
    </message>
    <message>
        <source>&amp;Abort…</source>
        <translation>П&amp;рервать…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>Copy results as &amp;Markdown</source>
        <translation>Копировать результаты как &amp;Markdown</translation>
    </message>
    <message>
        <source>Copy results as &amp;CSV</source>
        <translation>Копировать результаты как &amp;CSV</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>&amp;Discover devices…</source>
        <translation>&amp;Поиск устройств…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About wattbench</source>
        <translation>&amp;О программе wattbench</translation>
    </message>
    <message>
        <source>About wattbench</source>
        <translation>О программе wattbench</translation>
    </message>
    <message>
        <source>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Server power, thermal and noise measurement under load phases: the live view of the same engine as the &lt;tt&gt;wattbench&lt;/tt&gt; command.&lt;/p&gt;</source>
        <translation>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Измерение потребляемой мощности, температур и шума серверов по фазам нагрузки: наблюдение в реальном времени за тем же измерением, что выполняет команда &lt;tt&gt;wattbench&lt;/tt&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Прогон</translation>
    </message>
    <message>
        <source> Show: </source>
        <translation> Показать: </translation>
    </message>
    <message>
        <source>last minute</source>
        <translation>последняя минута</translation>
    </message>
    <message>
        <source>last 5 minutes</source>
        <translation>последние 5 минут</translation>
    </message>
    <message>
        <source>last 15 minutes</source>
        <translation>последние 15 минут</translation>
    </message>
    <message>
        <source>last hour</source>
        <translation>последний час</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>весь прогон</translation>
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
        <translation>Фазы</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Устройства</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Результаты</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>События</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Отчёт записан в %1</translation>
    </message>
    <message>
        <source>Opening devices…</source>
        <translation>Открытие устройств…</translation>
    </message>
    <message>
        <source>Running → %1</source>
        <translation>Идёт прогон → %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Прогон %1: %2</translation>
    </message>
    <message>
        <source>Run finished: %1</source>
        <translation>Прогон завершён: %1</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>Прогон: %1</translation>
    </message>
    <message>
        <source>Profile %1: press Start (F5)</source>
        <translation>Профиль %1: нажмите «Запустить» (F5)</translation>
    </message>
    <message>
        <source>Open a profile (Ctrl+O) or a run directory (Ctrl+Shift+O), or drop one here</source>
        <translation>Откройте профиль (Ctrl+O) или каталог прогона (Ctrl+Shift+O) либо перетащите его сюда</translation>
    </message>
    <message>
        <source>run: %1 left</source>
        <translation>прогон: осталось %1</translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation>Идёт прогон</translation>
    </message>
    <message>
        <source>Finish or abort the current run first.</source>
        <translation>Сначала завершите или прервите текущий прогон.</translation>
    </message>
    <message>
        <source>Profile error</source>
        <translation>Ошибка профиля</translation>
    </message>
    <message>
        <source>%1 — wattbench</source>
        <translation>%1 — wattbench</translation>
    </message>
    <message>
        <source>Cannot open run</source>
        <translation>Не удаётся открыть прогон</translation>
    </message>
    <message>
        <source>killed (no end recorded)</source>
        <translation>убит (конец не записан)</translation>
    </message>
    <message>
        <source>still being recorded</source>
        <translation>ещё записывается</translation>
    </message>
    <message>
        <source>the run was %1 during phase %2</source>
        <translation>прогон %1 во время фазы %2</translation>
    </message>
    <message>
        <source>the run was %1</source>
        <translation>прогон %1</translation>
    </message>
    <message>
        <source>opening devices…</source>
        <translation>открытие устройств…</translation>
    </message>
    <message>
        <source>Run not started</source>
        <translation>Прогон не запущен</translation>
    </message>
    <message>
        <source>run directory %1</source>
        <translation>каталог прогона %1</translation>
    </message>
    <message>
        <source>Abort the run?</source>
        <translation>Прервать прогон?</translation>
    </message>
    <message>
        <source>The current phase is marked interrupted; everything gathered so far stays in %1.</source>
        <translation>Текущая фаза будет помечена как прерванная; всё собранное к этому моменту останется в %1.</translation>
    </message>
    <message>
        <source>aborting the run</source>
        <translation>прогон прерывается</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Сбой прогона</translation>
    </message>
    <message>
        <source>run failed</source>
        <translation>сбой прогона</translation>
    </message>
    <message>
        <source>run completed: %1</source>
        <translation>прогон завершён: %1</translation>
    </message>
    <message>
        <source>run interrupted: %1</source>
        <translation>прогон прерван: %1</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>прогон %1: %2</translation>
    </message>
    <message>
        <source>Quitting aborts the run; everything gathered so far is written to %1.</source>
        <translation>Выход прервёт прогон; всё собранное к этому моменту будет записано в %1.</translation>
    </message>
    <message>
        <source>profile %1: %2, %3</source>
        <translation>профиль %1: %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln устройство</numerusform>
            <numerusform>%Ln устройства</numerusform>
            <numerusform>%Ln устройств</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln фаза</numerusform>
            <numerusform>%Ln фазы</numerusform>
            <numerusform>%Ln фаз</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run directory %1: %Ln reading(s) kept for the charts</source>
        <translation>
            <numerusform>каталог прогона %1: для графиков сохранено %Ln показание</numerusform>
            <numerusform>каталог прогона %1: для графиков сохранено %Ln показания</numerusform>
            <numerusform>каталог прогона %1: для графиков сохранено %Ln показаний</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln reading(s) not charted: the window was too busy to keep up</source>
        <translation>
            <numerusform>%Ln показание не отрисовано: окно не успевало</numerusform>
            <numerusform>%Ln показания не отрисованы: окно не успевало</numerusform>
            <numerusform>%Ln показаний не отрисовано: окно не успевало</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PhaseLadder</name>
    <message>
        <source>Stage</source>
        <translation>Этап</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Прогон</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>осталось %1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Запустить</translation>
    </message>
    <message>
        <source>Skip warm-up</source>
        <translation>Пропустить прогрев</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Пропустить фазу</translation>
    </message>
    <message>
        <source>Abort…</source>
        <translation>Прервать…</translation>
    </message>
    <message>
        <source>Open the devices and run every phase (F5)</source>
        <translation>Открыть устройства и пройти все фазы (F5)</translation>
    </message>
    <message>
        <source>Open the averaging window now (F6)</source>
        <translation>Открыть окно усреднения сейчас (F6)</translation>
    </message>
    <message>
        <source>End this phase without results and go on (F7)</source>
        <translation>Завершить эту фазу без результатов и продолжить (F7)</translation>
    </message>
    <message>
        <source>Stop the run; everything gathered so far is written (F8)</source>
        <translation>Остановить прогон; всё собранное будет записано (F8)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>завершён</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PromptDialog</name>
    <message>
        <source>Phase %1</source>
        <translation>Фаза %1</translation>
    </message>
    <message>
        <source>Phase %1, %2</source>
        <translation>Фаза %1, %2</translation>
    </message>
    <message>
        <source>wattbench needs you — %1</source>
        <translation>wattbench ждёт вас — %1</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Записать</translation>
    </message>
    <message>
        <source>Done, continue</source>
        <translation>Готово, продолжить</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Пропустить</translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation>Пропустить фазу</translation>
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
        <translation>&amp;HTML с графиками…</translation>
    </message>
    <message>
        <source>&amp;PDF with charts…</source>
        <translation>&amp;PDF с графиками…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Сбой экспорта</translation>
    </message>
    <message>
        <source>No run to report on</source>
        <translation>Нет прогона для отчёта</translation>
    </message>
    <message>
        <source>This build cannot write %1 reports</source>
        <translation>Эта сборка не умеет писать отчёты %1</translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ResultsPanel</name>
    <message>
        <source>Copy as Markdown</source>
        <translation>Копировать как Markdown</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Копировать как CSV</translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation>Результатов пока нет</translation>
    </message>
    <message>
        <source>Results copied as Markdown</source>
        <translation>Результаты скопированы как Markdown</translation>
    </message>
    <message>
        <source>Results copied as CSV</source>
        <translation>Результаты скопированы как CSV</translation>
    </message>
</context>
</TS>
