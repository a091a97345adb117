; Inno Setup script for Tabletop (untested: no Windows machine was at hand).
; `uv run python packaging/build.py` runs it when iscc is on PATH, passing
; /DAppVersion=<version> /DAppNumericVersion=<x.y.z> /DSourceDir=<dist\tabletop> /DRoot=<repo> /O<dist>.
; The installer speaks English or Japanese (chosen from Windows' language, or asked), shows the
; MIT licence before installing, and installs for the current user unless asked otherwise.
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef AppNumericVersion
  #define AppNumericVersion "0.0.0"
#endif
#ifndef Root
  #define Root "..\.."
#endif
#ifndef SourceDir
  #define SourceDir Root + "\dist\tabletop"
#endif

[Setup]
AppId=io.github.tabletop.Tabletop
AppName=Tabletop
AppVersion={#AppVersion}
AppPublisher=The Tabletop contributors
AppCopyright=MIT License
DefaultDirName={autopf}\Tabletop
DefaultGroupName=Tabletop
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputBaseFilename=tabletop-{#AppVersion}-setup
SetupIconFile={#Root}\assets\icons\tabletop.ico
UninstallDisplayIcon={app}\tabletop.exe
LicenseFile={#Root}\LICENSE
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductName=Tabletop
VersionInfoProductVersion={#AppNumericVersion}
VersionInfoDescription=Tabletop setup
VersionInfoCopyright=MIT License
ShowLanguageDialog=auto
Compression=lzma2
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "ja"; MessagesFile: "compiler:Languages\Japanese.isl"

[CustomMessages]
en.Notices=Licences of the included software
ja.Notices=同梱ソフトウェアのライセンス

[Files]
; dist\tabletop is made afresh by build.py, so no file of an earlier build can slip in.
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{group}\Tabletop"; Filename: "{app}\tabletop.exe"
Name: "{group}\{cm:Notices}"; Filename: "{app}\THIRD-PARTY-NOTICES.txt"
Name: "{autodesktop}\Tabletop"; Filename: "{app}\tabletop.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Run]
Filename: "{app}\tabletop.exe"; Description: "{cm:LaunchProgram,Tabletop}"; Flags: nowait postinstall skipifsilent
